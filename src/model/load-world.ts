/** The world a simulator starts from, read from its options: a snapshot to share, a generated world or fixtures. */
import { DEFAULT_NOW } from './clock.ts'
import { defaultWorld } from './default-fixtures.ts'
import { DEFAULT_SEED } from './random.ts'
import { parseWorld, snapshotWorld, type World, type WorldSnapshot } from './world.ts'
import { generateWorld } from './world-generator.ts'

export interface WorldOptions {
  readonly fixtures?: Readonly<Record<string, unknown>> | World | undefined
  readonly world?: WorldSnapshot | undefined
  readonly size?: number | undefined
  readonly seed?: number | undefined
  readonly now?: string | Date | undefined
}

function isWorld(value: WorldOptions['fixtures']): value is World {
  return value !== undefined && 'platform' in value && Array.isArray((value as World).users)
}

/** The instant generated worlds are written against (a system clock generates against DEFAULT_NOW). */
export function worldInstant(now: WorldOptions['now']): Date {
  return now === undefined || now === 'system' ? new Date(DEFAULT_NOW) : new Date(now)
}

export function loadWorld(options: WorldOptions): WorldSnapshot {
  if (options.world) return options.world
  if (options.size !== undefined) {
    return snapshotWorld(
      generateWorld({ seed: options.seed ?? DEFAULT_SEED, debtTokens: options.size, now: worldInstant(options.now) }),
    )
  }
  const fixtures = options.fixtures ?? defaultWorld
  return snapshotWorld(isWorld(fixtures) ? fixtures : parseWorld(fixtures))
}

/**
 * The worlds scenarios may start from, built without a file system so they work in every runtime:
 * `{ fixtures: 'empty' }` is a world without records (what fixtures/empty/ holds on disk) and
 * `{ size: n }` is a seeded generated world. Each is built once per simulator and then shared, like
 * the default world, by every model made from it.
 */

import { parseWorld, snapshotWorld, type WorldSnapshot } from '../model/world.ts'
import { generateWorld } from '../model/world-generator.ts'
import type { ScenarioWorld } from './scenario-schema.ts'

export interface WorldSource {
  /** The simulator's own world: what undefined (no scenario world) means. */
  readonly base: WorldSnapshot
  readonly seed: number
  /** The instant generated worlds are written against. */
  readonly now: Date
}

export type ScenarioWorlds = (world: ScenarioWorld | undefined) => WorldSnapshot

export function createScenarioWorlds(source: WorldSource): ScenarioWorlds {
  const built = new Map<string, WorldSnapshot>()
  return (world) => {
    if (world === undefined) return source.base
    const key = JSON.stringify(world)
    let snapshot = built.get(key)
    if (snapshot === undefined) {
      snapshot =
        world.size !== undefined
          ? snapshotWorld(generateWorld({ seed: source.seed, debtTokens: world.size, now: source.now }))
          : snapshotWorld(parseWorld({}, 'scenario world empty: '))
      built.set(key, snapshot)
    }
    return snapshot
  }
}

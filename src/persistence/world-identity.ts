/**
 * A world's identity: its seed and a hash of its seeded records; a generated world's says how it was
 * made instead, as hashing it would slow the start.
 */
import type { TableName } from '../model/records.ts'
import { tableNames, type WorldSnapshot } from '../model/world.ts'
import type { WorldIdentity } from './change.ts'

/** FNV-1a, 32 bits, over UTF-16 code units: no node:crypto, so the browser computes the same hash. */
function fnv1a(texts: Iterable<string>): string {
  let hash = 0x811c9dc5
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193) >>> 0
    }
    hash ^= 0x0a // a separator, so that ["ab","c"] and ["a","bc"] differ
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

function* seededTexts(world: WorldSnapshot): Iterable<string> {
  yield JSON.stringify(world.platform)
  for (const name of tableNames as TableName[]) {
    const table = world.tables[name]
    yield `${name}:${table.size}`
    for (let row = 0; row < table.size; row++) yield JSON.stringify(table.record(row))
  }
}

/** The identity of `world` under `seed`; `generated` (size and instant) and the seed determine a generated world. */
export function worldIdentity(
  seed: number,
  world: WorldSnapshot,
  generated?: { size: number; at: Date },
): WorldIdentity {
  return {
    seed,
    fixtures:
      generated === undefined
        ? `fnv1a:${fnv1a(seededTexts(world))}`
        : `generated:${generated.size}@${generated.at.toISOString()}`,
  }
}

export function sameIdentity(a: WorldIdentity, b: WorldIdentity): boolean {
  return a.seed === b.seed && a.fixtures === b.fixtures
}

/** How an identity reads in a message: `seed 20260301, fixtures fnv1a:1a2b3c4d`. */
export function describeIdentity(identity: WorldIdentity): string {
  return `seed ${identity.seed}, fixtures ${identity.fixtures}`
}

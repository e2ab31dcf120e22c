/**
 * The worlds scenarios may start from, built without a file system so they work in every runtime:
 * `{ fixtures: 'empty' }` is a world without records (what fixtures/empty/ holds on disk),
 * `{ size: n }` is a seeded generated world, and either (or the simulator's own world) may be
 * given records to create (`create`), made by the factories when the scenario is activated.
 * The empty and generated worlds are built once per simulator and then shared, like the default
 * world, by every model made from them; created records are made again on each activation, at the
 * clock's now then, from the activating world's random source.
 */

import { assignIds, checkRecords, planRecords } from '../factories/create-records.ts'
import { FactoryError } from '../factories/factory-error.ts'
import { RecordBatch } from '../factories/record-batch.ts'
import { worldWithRecords } from '../factories/world-with-records.ts'
import { ApiError } from '../http/api-error.ts'
import { createModel } from '../model/model.ts'
import type { Random } from '../model/random.ts'
import { parseWorld, snapshotWorld, type WorldSnapshot } from '../model/world.ts'
import { generateWorld } from '../model/world-generator.ts'
import type { ScenarioWorld } from './scenario-schema.ts'

export interface WorldSource {
  /** The simulator's own world: what undefined (no scenario world) means. */
  readonly base: WorldSnapshot
  readonly seed: number
  /** The instant generated worlds are written against. */
  readonly now: Date
  /** A world's capacity of written records (--max-records): what `create` may add weighs against it. */
  readonly maxRecords: number
}

/**
 * The world snapshot of a scenario world (`undefined`: the simulator's own). `random` and `now` are
 * what its `create` entries draw from and are stated against: the activating world's fresh random
 * source and the clock's now.
 */
export type ScenarioWorlds = (world: ScenarioWorld | undefined, random: Random, now: Date) => WorldSnapshot

export function createScenarioWorlds(source: WorldSource): ScenarioWorlds {
  const built = new Map<string, WorldSnapshot>()
  const baseOf = (world: ScenarioWorld): WorldSnapshot => {
    if (world.fixtures === undefined && world.size === undefined) return source.base
    const key = JSON.stringify([world.fixtures, world.size])
    let snapshot = built.get(key)
    if (snapshot === undefined) {
      snapshot =
        world.size !== undefined
          ? snapshotWorld(generatedWorld(source, world.size))
          : snapshotWorld(parseWorld({}, 'scenario world empty: '))
      built.set(key, snapshot)
    }
    return snapshot
  }
  return (world, random, now) => {
    if (world === undefined) return source.base
    const base = baseOf(world)
    return world.create === undefined ? base : withCreated(base, world.create, { random, now }, source.maxRecords)
  }
}

/** A generated world; one its instant leaves no room for is a 400 naming `world.size`, not a crash. */
function generatedWorld(source: WorldSource, size: number) {
  try {
    return generateWorld({ seed: source.seed, debtTokens: size, now: source.now })
  } catch (error) {
    if (error instanceof RangeError) throw ApiError.badRequest(`world.size: ${error.message}`)
    throw error
  }
}

/**
 * `base` with the records of each `create` entry, in order (an entry may name what an earlier one
 * created). All of them or none: a refused entry, or records past the world's capacity of written
 * records (a 507, as for any write), leave nothing behind, the scenario not activated.
 */
function withCreated(
  base: WorldSnapshot,
  entries: NonNullable<ScenarioWorld['create']>,
  { random, now }: { random: Random; now: Date },
  maxRecords: number,
): WorldSnapshot {
  const model = createModel(base, { maxRecords }) // read only: the factories look links up in it
  const batch = new RecordBatch({ model, random, now })
  entries.forEach((entry, i) => {
    try {
      planRecords(batch, entry)
      checkRecords(batch)
    } catch (error) {
      if (error instanceof FactoryError) throw error.within(`world.create[${i}]`)
      throw error
    }
    const weight = model.capacityUsed() + batch.weight()
    if (weight > maxRecords)
      throw new ApiError(
        507,
        `world.create[${i}] (${entry.table}) would bring what this world holds beyond the seeded records to ${weight} (a debt token counts one more per parcel), past its capacity of ${maxRecords}: create fewer records, or start with a larger --max-records`,
      )
  })
  assignIds(batch, model)
  return worldWithRecords(base, batch.created, batch.weight())
}

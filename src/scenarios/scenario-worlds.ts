/**
 * The worlds scenarios may start from, built without a file system so they work in every runtime.
 * Empty and generated worlds are built once per simulator and shared; `create` records are made
 * again on each activation, at the clock's now then.
 */

import { FactoryError } from '../factories/factory-error.ts'
import { factoryModule, loadFactories } from '../factories/factory-loader.ts'
import { WorkSlices } from '../factories/work-slices.ts'
import { ApiError } from '../http/api-error.ts'
import { createModel } from '../model/model.ts'
import { createRandom, type Random } from '../model/random.ts'
import { parseWorld, snapshotWorld, type WorldSnapshot } from '../model/world.ts'
import { generateWorld } from '../model/world-generator.ts'
import type { ScenarioWorld } from './scenario-schema.ts'

export interface WorldSource {
  /** The simulator's own world: what undefined (no scenario world) means. */
  readonly base: WorldSnapshot
  readonly seed: number
  readonly now: Date
  /** A world's capacity of written records (--max-records): what `create` may add weighs against it. */
  readonly maxRecords: number
}

/** A scenario world's snapshot, and the fresh random source its `create` entries drew from (gone on from there). */
interface BuiltWorld {
  readonly snapshot: WorldSnapshot
  readonly random: Random
}

export interface ScenarioWorlds {
  /**
   * The world a scenario starts from (`undefined`: the simulator's own) with a fresh random source its
   * `create` entries draw from, at `now`. What `prepare` built for the same world just before is taken instead.
   */
  build(world: ScenarioWorld | undefined, now: Date): BuiltWorld
  /**
   * Builds a world with `create` entries ahead, in slices, for the `build` that follows, so making its
   * records holds no other client; a world that cannot be built is refused by that `build`.
   */
  prepare(world: ScenarioWorld | undefined, now: Date): Promise<void>
}

/** How far the clock may move between `prepare` and `build` for the prepared world to be taken (a system clock ticks). */
const PREPARED_FOR_MS = 1000

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
  /** The last world prepared (or why it cannot be), until a build takes it (one at a time: memory stays bounded). */
  let prepared: ({ key: string; now: number } & ({ built: BuiltWorld } | { refused: unknown })) | undefined
  const take = (key: string, now: Date): BuiltWorld | undefined => {
    const found = prepared
    if (found?.key !== key) return undefined
    prepared = undefined
    const drift = now.getTime() - found.now
    if (drift < 0 || drift > PREPARED_FOR_MS) return undefined
    if ('refused' in found) throw found.refused
    return found.built
  }
  return {
    build(world, now) {
      if (world === undefined) return { snapshot: source.base, random: createRandom(source.seed) }
      if (world.create === undefined) return { snapshot: baseOf(world), random: createRandom(source.seed) }
      const ready = take(JSON.stringify(world), now)
      if (ready !== undefined) return ready
      const random = createRandom(source.seed)
      const batch = creation(baseOf(world), { random, now }, source.maxRecords)
      for (const entry of world.create) for (const _ of batch.entry(entry));
      return { snapshot: batch.finish(), random }
    },
    async prepare(world, now) {
      if (world?.create === undefined) return
      await loadFactories()
      const key = JSON.stringify(world)
      try {
        const random = createRandom(source.seed)
        const batch = creation(baseOf(world), { random, now }, source.maxRecords)
        const slices = new WorkSlices()
        for (const entry of world.create) {
          for (const _ of batch.entry(entry)) await slices.pause()
        }
        prepared = { key, now: now.getTime(), built: { snapshot: batch.finish(), random } }
      } catch (refused) {
        // Thrown by the build that takes it, in its place: the same world would be refused the same way.
        prepared = { key, now: now.getTime(), refused }
      }
    },
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
 * `base` with the records of each `create` entry, in order: `entry()` plans one, pausing after each
 * record; `finish()` gives the world. All or none: a refused entry or records past the world's
 * capacity (a 507) leave nothing behind.
 */
function creation(base: WorldSnapshot, { random, now }: { random: Random; now: Date }, maxRecords: number) {
  const { RecordBatch, planning, assignIds, worldWithRecords } = factoryModule()
  const model = createModel(base, { maxRecords }) // read only: the factories look links up in it
  const batch = new RecordBatch({ model, random, now })
  let index = 0
  return {
    *entry(entry: NonNullable<ScenarioWorld['create']>[number]): Generator<void, void> {
      const i = index++
      try {
        yield* planning(batch, entry)
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
    },
    finish(): WorldSnapshot {
      assignIds(batch, model)
      return worldWithRecords(base, batch.created, batch.weight())
    },
  }
}

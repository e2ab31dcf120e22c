/**
 * The live model of one simulator (or one session): a layered table per resource over a shared
 * world snapshot, the payment id counters, and a write lock so that concurrent writes apply one
 * after another. Dropping a model and making a new one from the same snapshot is a reset.
 */
import { ApiError } from '../http/api-error.ts'
import { LayeredTable } from './layered-table.ts'
import type { RecordOf, TableName } from './records.ts'
import { tableNames, type WorldSnapshot } from './world.ts'

type ModelTables = { readonly [N in TableName]: LayeredTable<RecordOf<N>> }

/**
 * How many records a world (the default one, and each session) may hold beyond its seeded ones,
 * a debt token counting one more per parcel (5,000 contracts of 600 installments took 1.3 GB when
 * only records counted): a few tens of MB at most, whatever is written.
 */
export const DEFAULT_MAX_RECORDS = 10_000

export interface Model extends ModelTables {
  readonly world: WorldSnapshot
  /** What the written records (created or changed) may weigh; creates beyond it are refused. */
  readonly maxRecords: number
  /** What the write layers hold now, every table together: records, a debt token's parcels counted too. */
  writtenCount(): number
  /** What counts against `maxRecords`: the write layers, and the records a scenario's `world.create` added. */
  capacityUsed(): number
  /** Assigns the next id of a kind of payment. */
  nextId(kind: 'managerPayments' | 'investorPayments'): number
  /** Runs `write` after every earlier write of this model has finished. */
  exclusive<T>(write: () => Promise<T>): Promise<T>
}

export function createModel(
  world: WorldSnapshot,
  { maxRecords = DEFAULT_MAX_RECORDS }: { maxRecords?: number } = {},
): Model {
  const ids = { ...world.firstIds }
  let queue: Promise<unknown> = Promise.resolve()
  /** Writes started and not yet settled: with none, a write starts at once instead of after a turn of the queue. */
  let pending = 0
  const settled = () => {
    pending--
  }
  const tablesOfModel = Object.fromEntries(
    tableNames.map((name) => [name, new LayeredTable(world.tables[name] as never)]),
  ) as unknown as ModelTables
  const writtenCount = () => tableNames.reduce((sum, name) => sum + tablesOfModel[name].writeStats().weight, 0)
  return {
    ...tablesOfModel,
    world,
    maxRecords,
    writtenCount,
    capacityUsed: () => writtenCount() + (world.createdWeight ?? 0),
    nextId: (kind) => ids[kind]++,
    exclusive<T>(write: () => Promise<T>): Promise<T> {
      let run: Promise<T>
      if (pending === 0) {
        try {
          run = write()
        } catch (error) {
          run = Promise.reject(error)
        }
      } else run = queue.then(write, write)
      pending++
      queue = run.then(settled, settled)
      return run
    },
  }
}

/** The 507 of a create that the world's capacity of written records has no room for. */
export function insufficientStorage(operationId: string, table: string, maxRecords: number): ApiError {
  return new ApiError(
    507,
    `${operationId} would add to ${table}, but this world's written records would pass its capacity of ${maxRecords}: free room with POST /__sim/reset (a session: with its X-Sim-Session), or start with a larger --max-records`,
  )
}

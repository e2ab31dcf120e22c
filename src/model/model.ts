/**
 * The live model of one simulator or session: a layered table per resource over a shared world snapshot, the
 * payment id counters, and a write lock that applies concurrent writes one after another. A reset is a new model.
 */
import { ApiError } from '../http/api-error.ts'
import type { Change, ChangeSink } from './change.ts'
import { LayeredTable } from './layered-table.ts'
import type { RecordOf, TableName } from './records.ts'
import { tableNames, type WorldSnapshot } from './world.ts'

type ModelTables = { readonly [N in TableName]: LayeredTable<RecordOf<N>> }

/**
 * The records a world (and each session) may hold beyond its seeded ones, a debt token counting one per parcel:
 * parcels are most of a debt token's memory, so counting records alone let a few large contracts take gigabytes.
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
  nextId(kind: 'managerPayments' | 'investorPayments'): number
  /** Sets the next id of a kind of payment (persistence restoring a world): never below the seeded ones. */
  restoreNextId(kind: 'managerPayments' | 'investorPayments', next: number): void
  peekNextId(kind: 'managerPayments' | 'investorPayments'): number
  /** Runs `write` after every earlier write of this model has finished. */
  exclusive<T>(write: () => Promise<T>): Promise<T>
}

export interface ModelOptions {
  maxRecords?: number
  /** Where every change goes (persistence): one entry per `exclusive` write, which settles once it is stored. */
  changes?: ChangeSink | undefined
}

export function createModel(
  world: WorldSnapshot,
  { maxRecords = DEFAULT_MAX_RECORDS, changes }: ModelOptions = {},
): Model {
  const ids = { ...world.firstIds }
  /** The changes of the `exclusive` write running now; null between writes (a change then is an entry of its own). */
  let transaction: Change[] | null = null
  const record =
    changes === undefined
      ? undefined
      : (change: Change) => {
          if (transaction === null) changes.append([change])
          else transaction.push(change)
        }
  let queue: Promise<unknown> = Promise.resolve()
  /** Writes started and not yet settled: with none, a write starts at once instead of after a turn of the queue. */
  let pending = 0
  const settled = () => {
    pending--
  }
  const tablesOfModel = Object.fromEntries(
    tableNames.map((name) => [
      name,
      new LayeredTable(
        world.tables[name] as never,
        record &&
          ((change: { put: object } | { deleted: string }) =>
            record(
              'put' in change
                ? { t: 'put', table: name, record: change.put }
                : { t: 'delete', table: name, key: change.deleted },
            )),
      ),
    ]),
  ) as unknown as ModelTables
  const writtenCount = () => tableNames.reduce((sum, name) => sum + tablesOfModel[name].writeStats().weight, 0)
  return {
    ...tablesOfModel,
    world,
    maxRecords,
    writtenCount,
    capacityUsed: () => writtenCount() + (world.createdWeight ?? 0),
    nextId(kind) {
      let id = ids[kind]++
      // A counter behind the table (a stored directory edited by hand) skips the ids taken rather than fail the create.
      while (tablesOfModel[kind].has(String(id))) id = ids[kind]++
      record?.({ t: 'nextId', kind, next: ids[kind] })
      return id
    },
    peekNextId: (kind) => ids[kind],
    restoreNextId(kind, next) {
      ids[kind] = Math.max(next, world.firstIds[kind])
    },
    exclusive<T>(given: () => Promise<T>): Promise<T> {
      const write = changes === undefined ? given : whenReady(transactionOf(given))
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
      return changes === undefined
        ? run
        : run.then(
            (value) => afterStored(() => value),
            (error: unknown) =>
              error instanceof NotApplied
                ? Promise.reject(error.answer)
                : afterStored(() => {
                    throw error
                  }),
          )
    },
  }

  /** `write` once the sink takes writes; refused, with nothing applied, when it does not (a store still behind). */
  function whenReady<T>(write: () => Promise<T>): () => Promise<T> {
    return () => {
      const waiting = changes!.ready?.()
      if (waiting === undefined) return write()
      return waiting.then(write, (error: unknown) => {
        throw new NotApplied(
          new ApiError(
            503,
            `the write is not applied (memory is as it was): ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
      })
    }
  }

  /** `write` with its changes gathered into one entry, appended when it settles (refused or not: what it changed stays changed). */
  function transactionOf<T>(write: () => Promise<T>): () => Promise<T> {
    return async () => {
      transaction = []
      try {
        return await write()
      } finally {
        const done = transaction
        transaction = null
        if (done.length > 0) changes!.append(done)
      }
    }
  }

  /** `outcome` once the sink has stored what was appended (a sink with nothing pending resolves at once); a sink that failed answers 503. */
  function afterStored<T>(outcome: () => T): Promise<T> {
    return changes!.stored().then(outcome, (error: unknown) => {
      throw new ApiError(
        503,
        `the write is applied in memory but could not be stored: ${error instanceof Error ? error.message : String(error)}`,
      )
    })
  }
}

/** A write refused before it ran: its answer skips waiting for the store, which holds nothing of it. */
class NotApplied extends Error {
  constructor(readonly answer: ApiError) {
    super(answer.message)
  }
}

/** The 507 of a create that the world's capacity of written records has no room for. */
export function insufficientStorage(operationId: string, table: string, maxRecords: number): ApiError {
  return new ApiError(
    507,
    `${operationId} would add to ${table}, but this world's written records would pass its capacity of ${maxRecords}: free room with POST /__sim/reset (a session: with its X-Sim-Session), or start with a larger --max-records`,
  )
}

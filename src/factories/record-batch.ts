/**
 * The records one factory call (or one scenario's `world.create`) is creating, before any is
 * stored: reads see them before the world's own, so a link created for the first record is found
 * by the next, and nothing is written until every record of the call is built and checked.
 */
import type { Model } from '../model/model.ts'
import { drawNew, MAX_KEY_DRAWS } from '../model/new-key.ts'
import type { Random } from '../model/random.ts'
import { type RecordOf, type TableName, tables } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import { tableNames } from '../model/world.ts'
import { FactoryError } from './factory-error.ts'

/** Where records are created: a world's live model (only read here), its random source and the clock's now. */
export interface FactoryWorld {
  readonly model: Model
  readonly random: Random
  readonly now: Date
}

export type RecordsByTable = { [N in TableName]: RecordOf<N>[] }

export class RecordBatch {
  /** What the batch created, per table, in creation order. */
  readonly created: RecordsByTable = Object.fromEntries(tableNames.map((name) => [name, []])) as never
  readonly #keys = new Map<TableName, Map<string, object>>()
  readonly #checked = new Map<TableName, number>()

  constructor(readonly world: FactoryWorld) {}

  get random(): Random {
    return this.world.random
  }

  get now(): Date {
    return this.world.now
  }

  /** The record with `key` (any casing of an address), created in this batch or in the world. */
  get<N extends TableName>(table: N, key: string): RecordOf<N> | undefined {
    const normalized = normalizeKey(key)
    const pending = this.#keys.get(table)?.get(normalized) as RecordOf<N> | undefined
    return pending ?? (this.world.model[table].get(normalized) as RecordOf<N> | undefined)
  }

  has(table: TableName, key: string): boolean {
    return this.get(table, key) !== undefined
  }

  /** Records of `table` filed under `value` in one of its indexes: the world's, then this batch's. */
  where<N extends TableName>(table: N, index: string, value: string): RecordOf<N>[] {
    const normalized = normalizeKey(value)
    const indexOf = (tables[table].indexes as Record<string, (record: RecordOf<N>) => string | null>)[index]!
    const stored = this.world.model[table].where(index, normalized) as RecordOf<N>[]
    return [...stored, ...this.created[table].filter((record) => indexOf(record as RecordOf<N>) === normalized)]
  }

  /** A value (a key, a wallet) no record of the world or of this batch has yet: see model/new-key.ts. */
  drawNew<T>(what: string, draw: () => T, isNew: (value: T) => boolean): T {
    return drawNew(draw, isNew, () =>
      FactoryError.of('', `could not draw ${what} this world does not hold yet in ${MAX_KEY_DRAWS} draws: give it`),
    )
  }

  /** The records of `table` added since the last call (each checked once however often the batch is). */
  unchecked<N extends TableName>(table: N): RecordOf<N>[] {
    const from = this.#checked.get(table) ?? 0
    this.#checked.set(table, this.created[table].length)
    return this.created[table].slice(from)
  }

  /** Adds a record built for this batch. */
  add<N extends TableName>(table: N, record: RecordOf<N>): RecordOf<N> {
    let keys = this.#keys.get(table)
    if (keys === undefined) this.#keys.set(table, (keys = new Map()))
    keys.set((tables[table].key as (record: RecordOf<N>) => string)(record), record)
    this.created[table].push(record)
    return record
  }

  /** What the batch weighs against a world's capacity of written records (a debt token counts its parcels). */
  weight(): number {
    let weight = 0
    for (const name of tableNames) {
      const weigh = (tables[name] as { weight?: (record: object) => number }).weight
      for (const record of this.created[name]) weight += weigh?.(record) ?? 1
    }
    return weight
  }
}

/**
 * The seeded, immutable layer of a table: rows in seed order, a map from key to row and the
 * secondary indexes. Built once per world and shared by every model (and session) made from that
 * world; records are frozen so no write can reach them.
 *
 * Rows come either from records already in memory (fixtures) or from a `SeededRows` source that
 * builds each record on first use (a generated world). A source knows every row's key and index
 * values up front, so lookups never build more records than they return: a 100k-token world
 * costs its keys when a table is first looked up (each index when it is first used), and a
 * record only when something reads it.
 */
import type { TableSpec } from './table-spec.ts'

/** Rows whose records are built on demand, always the same for the same row. */
export interface SeededRows<T extends object> {
  readonly size: number
  /** The normalized key of `row` (what the table spec's `key` gives for its record). */
  keyAt(row: number): string
  /** The normalized value `row` is filed under in index `name`, as the table spec's index gives it. */
  filedAt(name: string, row: number): string | null
  /** The record of `row`: built on first use, deeply frozen, then the same object every time. */
  record(row: number): T
}

/** Records already in memory as seeded rows (they are frozen here). */
class RecordRows<T extends object> implements SeededRows<T> {
  readonly #keys: string[]
  constructor(
    readonly spec: TableSpec<T>,
    readonly records: readonly T[],
  ) {
    this.#keys = records.map((record) => {
      deepFreeze(record)
      return spec.key(record)
    })
  }
  get size(): number {
    return this.records.length
  }
  keyAt(row: number): string {
    return this.#keys[row]!
  }
  filedAt(name: string, row: number): string | null {
    return this.spec.indexes[name]!(this.records[row]!)
  }
  record(row: number): T {
    return this.records[row]!
  }
}

const NO_ROWS: readonly number[] = Object.freeze([])

export class TableSnapshot<T extends object> {
  readonly #rows: SeededRows<T>
  readonly #names: readonly string[]
  #rowOf: Map<string, number> | undefined
  /** Index name → value → rows filed under it, in seed order; each built on its first lookup. */
  readonly #indexes = new Map<string, Map<string, number[]>>()
  #all: readonly T[] | undefined
  /** The snapshot whose rows come first (a scenario's world.create appended to it): looked up, not indexed again. */
  readonly #base: TableSnapshot<T> | undefined

  /**
   * @param base when `source` begins with this snapshot's rows: only the rows after them are
   * keyed and indexed here, lookups go to `base` for the others (appending 1,000 records to a
   * table of 100k rows costs the 1,000, not the 100k).
   */
  constructor(
    readonly spec: TableSpec<T>,
    source: readonly T[] | SeededRows<T>,
    base?: TableSnapshot<T>,
  ) {
    this.#base = base
    this.#rows = Array.isArray(source) ? new RecordRows(spec, source as readonly T[]) : (source as SeededRows<T>)
    this.#names = Object.keys(spec.indexes)
    // Records in memory (fixtures) are keyed now, so a duplicate key is an error when the world
    // loads. Generated rows are keyed on the first lookup: a 100k-token world's start builds no map
    // for a table its first requests do not read.
    if (this.#rows instanceof RecordRows) this.#keys()
  }

  /** Key → row, built on first use. */
  #keys(): Map<string, number> {
    if (this.#rowOf !== undefined) return this.#rowOf
    const rowOf = new Map<string, number>()
    const rows = this.#rows
    const base = this.#base
    for (let row = base?.size ?? 0; row < rows.size; row++) {
      const key = rows.keyAt(row)
      if (rowOf.has(key) || base?.has(key)) throw new Error(`${this.spec.name}: duplicate key ${key}`)
      rowOf.set(key, row)
    }
    return (this.#rowOf = rowOf)
  }

  /** Index `name`, built on its first lookup; undefined for a name the table spec has not. */
  #index(name: string): Map<string, number[]> | undefined {
    let index = this.#indexes.get(name)
    if (index !== undefined || !this.#names.includes(name)) return index
    index = new Map<string, number[]>()
    const rows = this.#rows
    for (let row = this.#base?.size ?? 0; row < rows.size; row++) {
      const value = rows.filedAt(name, row)
      if (value === null) continue
      const hits = index.get(value)
      if (hits) hits.push(row)
      else index.set(value, [row])
    }
    this.#indexes.set(name, index)
    return index
  }

  /** How many seeded rows there are. */
  get size(): number {
    return this.#rows.size
  }

  keyAt(row: number): string {
    return this.#rows.keyAt(row)
  }

  record(row: number): T {
    return this.#rows.record(row)
  }

  /** The normalized value `row` is filed under in index `name`, without building its record. */
  filedAt(name: string, row: number): string | null {
    return this.#rows.filedAt(name, row)
  }

  /** The seeded record with `key` (a normalized key). */
  get(key: string): T | undefined {
    const row = this.#keys().get(key)
    return row === undefined ? this.#base?.get(key) : this.#rows.record(row)
  }

  has(key: string): boolean {
    return this.#keys().has(key) || this.#base?.has(key) === true
  }

  /** The rows filed under `value` in index `name`, in seed order. */
  filed(name: string, value: string): readonly number[] {
    const own = this.#index(name)?.get(value) ?? NO_ROWS
    const inherited = this.#base?.filed(name, value) ?? NO_ROWS
    if (inherited.length === 0) return own
    return own.length === 0 ? inherited : [...inherited, ...own]
  }

  /** Every seeded record in seed order (for a generated table this builds every record). */
  get records(): readonly T[] {
    if (this.#all === undefined) {
      const rows = this.#rows
      this.#all =
        rows instanceof RecordRows
          ? rows.records
          : Object.freeze(Array.from({ length: rows.size }, (_, row) => rows.record(row)))
    }
    return this.#all
  }
}

const SEEDED_ROWS = Symbol('seededRows')

/**
 * Makes `owner[name]` the records of `rows`, built (all of them) on first read, and lets
 * `seededRowsOf` find the rows themselves until the property is replaced.
 */
export function attachSeededRows<T extends object>(owner: object, name: string, rows: SeededRows<T>): void {
  let records: T[] | undefined
  const get = () => (records ??= Array.from({ length: rows.size }, (_, row) => rows.record(row)))
  Object.defineProperty(owner, name, {
    enumerable: true,
    configurable: true,
    get,
    set(value: T[]) {
      records = value
      Object.defineProperty(owner, name, { value, enumerable: true, configurable: true, writable: true })
    },
  })
  Object.defineProperty(get, SEEDED_ROWS, { value: rows })
}

/** The seeded rows behind `owner[name]` (see `attachSeededRows`), or undefined for plain records. */
export function seededRowsOf<T extends object>(owner: object, name: string): SeededRows<T> | undefined {
  const get = Object.getOwnPropertyDescriptor(owner, name)?.get as { [SEEDED_ROWS]?: SeededRows<T> } | undefined
  return get?.[SEEDED_ROWS]
}

/** Freezes a record and everything in it: seeded records are shared by every world made from them. */
export function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key])
}

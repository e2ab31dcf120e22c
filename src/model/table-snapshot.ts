/**
 * The seeded, immutable layer of a table: rows in seed order, a key map and the secondary indexes,
 * shared by every model made from the world; records are frozen so no write can reach them. A
 * generated world's `SeededRows` knows every row's key and index values up front, so lookups never
 * build more records than they return.
 */
import type { TableSpec } from './table-spec.ts'

/** Rows whose records are built on demand, always the same for the same row. */
export interface SeededRows<T extends object> {
  readonly size: number
  keyAt(row: number): string
  filedAt(name: string, row: number): string | null
  /** The record of `row`: built on first use, deeply frozen, then the same object every time. */
  record(row: number): T
}

/** Records already in memory as seeded rows (frozen here). */
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

/** Node's setImmediate, taken at load so a test faking timers later does not stop background work; else a timeout. */
const immediate: (callback: () => void) => unknown = globalThis.setImmediate ?? ((callback) => setTimeout(callback, 0))
const WARM_SLICE_MS = 4

/** A map from rows, built a run of rows at a time (in the background) or to the end at once (when needed). */
class RowMap<V> {
  readonly map = new Map<string, V>()
  #next: number
  constructor(
    from: number,
    readonly end: number,
    readonly add: (map: Map<string, V>, row: number) => void,
  ) {
    this.#next = from
  }
  get done(): boolean {
    return this.#next >= this.end
  }
  /** Adds rows until `until` (performance.now()) or the end; true once every row is in. */
  step(until = Number.POSITIVE_INFINITY): boolean {
    while (this.#next < this.end) {
      this.add(this.map, this.#next++)
      if ((this.#next & 255) === 0 && performance.now() >= until) break
    }
    return this.done
  }
}

export class TableSnapshot<T extends object> {
  readonly #rows: SeededRows<T>
  readonly #names: readonly string[]
  #rowOf: Map<string, number> | undefined
  /** Index name → value → rows filed under it, in seed order; each built on its first lookup. */
  readonly #indexes = new Map<string, Map<string, number[]>>()
  /** The key map and the indexes while they are being built in the background. */
  #building: RowMap<number> | undefined
  readonly #buildingIndexes = new Map<string, RowMap<number[]>>()
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
    // Fixtures are keyed now, so a duplicate key fails the load. Generated rows are keyed and
    // indexed in the background, a slice a turn, so that a large world answers at once and no first
    // lookup holds every other client; a lookup that comes first finishes the rest.
    if (this.#rows instanceof RecordRows) this.#keys()
    else immediate(() => this.#warm())
  }

  /** One turn of background indexing: the key map, then each index; again on the next turn until done. */
  #warm(): void {
    const until = performance.now() + WARM_SLICE_MS
    try {
      if (this.#rowOf === undefined) {
        if (!this.#keyBuilder().step(until)) return void immediate(() => this.#warm())
        this.#rowOf = this.#building!.map
        this.#building = undefined
      }
      for (const name of this.#names) {
        if (this.#indexes.has(name)) continue
        const builder = this.#indexBuilder(name)
        if (!builder.step(until)) return void immediate(() => this.#warm())
        this.#indexes.set(name, builder.map)
        this.#buildingIndexes.delete(name)
      }
    } catch {
      // A duplicate key: left for the lookup that needs the map, which reports it.
    }
  }

  #keyBuilder(): RowMap<number> {
    const rows = this.#rows
    const base = this.#base
    this.#building ??= new RowMap<number>(base?.size ?? 0, rows.size, (rowOf, row) => {
      const key = rows.keyAt(row)
      if (rowOf.has(key) || base?.has(key)) throw new Error(`${this.spec.name}: duplicate key ${key}`)
      rowOf.set(key, row)
    })
    return this.#building
  }

  #indexBuilder(name: string): RowMap<number[]> {
    const rows = this.#rows
    let builder = this.#buildingIndexes.get(name)
    if (builder === undefined) {
      builder = new RowMap<number[]>(this.#base?.size ?? 0, rows.size, (index, row) => {
        const value = rows.filedAt(name, row)
        if (value === null) return
        const hits = index.get(value)
        if (hits) hits.push(row)
        else index.set(value, [row])
      })
      this.#buildingIndexes.set(name, builder)
    }
    return builder
  }

  /** Key → row: what the background has built, finished now if it is not done yet. */
  #keys(): Map<string, number> {
    if (this.#rowOf !== undefined) return this.#rowOf
    const builder = this.#keyBuilder()
    builder.step()
    this.#building = undefined
    return (this.#rowOf = builder.map)
  }

  /** Index `name`, finished now if the background has not; undefined for a name the table spec has not. */
  #index(name: string): Map<string, number[]> | undefined {
    const index = this.#indexes.get(name)
    if (index !== undefined || !this.#names.includes(name)) return index
    const builder = this.#indexBuilder(name)
    builder.step()
    this.#buildingIndexes.delete(name)
    this.#indexes.set(name, builder.map)
    return builder.map
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

/** Makes `owner[name]` the records of `rows`, built on first read; `seededRowsOf` finds the rows until it is set. */
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

/**
 * A live table: the seeded snapshot underneath, a map on top holding every record a client created
 * or changed, and tombstones for deletions. Reads merge the two layers through indexes (never a
 * scan), so lookups stay O(hits) at 100k rows, resetting is dropping the top layer, and a session's
 * copy of the world costs nothing until it writes.
 *
 * Written records are frozen, as seeded ones are: a change is a new record, never an edit, so what a
 * reader holds stays true. They are not parsed again: resolvers build them from input the pipeline
 * validated, in the schema's key order (the wire order), and the tests check every stored record
 * against its table's schema, key order included.
 */
import { deepFreeze, type TableSnapshot } from './table-snapshot.ts'
import type { TableSpec } from './table-spec.ts'

export class LayeredTable<T extends object> {
  readonly #spec: TableSpec<T>
  readonly #base: TableSnapshot<T>
  /** Key → the written version of a record (created here or changed from the base). */
  readonly #written = new Map<string, T>()
  #writtenWeight = 0
  readonly #deleted = new Set<string>()
  /** Index name → value → keys of written records filed under it, in write order. */
  readonly #writtenIndexes = new Map<string, Map<string, Set<string>>>()
  /** The spec's indexes as [name, indexOf] pairs (computed once; every write files under each). */
  readonly #indexEntries: readonly (readonly [string, (record: T) => string | null])[]
  /** The schema's top-level keys in order (what a parsed record, seeded ones included, has). */
  readonly #keyOrder: readonly string[]
  #version = 0

  constructor(base: TableSnapshot<T>) {
    this.#spec = base.spec
    this.#base = base
    this.#indexEntries = Object.entries(base.spec.indexes)
    this.#keyOrder = Object.keys((base.spec.schema as { shape?: object }).shape ?? {})
    for (const [name] of this.#indexEntries) this.#writtenIndexes.set(name, new Map())
  }

  get name(): string {
    return this.#spec.name
  }

  /** Changes on every write (insert, update, delete): what was read at one version is still true at it. */
  get version(): number {
    return this.#version
  }

  get(key: string): T | undefined {
    if (this.#deleted.size > 0 && this.#deleted.has(key)) return undefined
    return this.#written.get(key) ?? this.#base.get(key)
  }

  has(key: string): boolean {
    return this.get(key) !== undefined
  }

  /** Records filed under `value` in index `indexName`: seeded ones in seed order, then written ones. */
  where(indexName: string, value: string): T[] {
    const indexOf = this.#indexOf(indexName)
    const base = this.#base
    const results: T[] = []
    const untouched = this.#written.size === 0 && this.#deleted.size === 0
    for (const row of base.filed(indexName, value)) {
      if (untouched) {
        results.push(base.record(row))
        continue
      }
      const key = base.keyAt(row)
      if (this.#deleted.has(key)) continue
      const changed = this.#written.get(key)
      if (changed === undefined) results.push(base.record(row))
      else if (indexOf(changed) === value) results.push(changed)
    }
    for (const key of this.#writtenIndexes.get(indexName)?.get(value) ?? []) {
      const original = base.get(key)
      if (original !== undefined && indexOf(original) === value && !this.#deleted.has(key)) continue
      const changed = this.#written.get(key)
      if (changed !== undefined) results.push(changed)
    }
    return results
  }

  /** Every record: seeded ones in seed order (with their written versions), then new ones. */
  all(): T[] {
    const base = this.#base
    const results: T[] = []
    for (let row = 0; row < base.size; row++) {
      const key = base.keyAt(row)
      if (this.#deleted.has(key)) continue
      results.push(this.#written.get(key) ?? base.record(row))
    }
    for (const [key, record] of this.#written) if (!base.has(key)) results.push(record)
    return results
  }

  /**
   * The records `all()` would list from position `start`, at most `count` of them, building only
   * those (a page of a generated table of a million rows costs the page, not the table).
   */
  slice(start: number, count: number): T[] {
    const base = this.#base
    const results: T[] = []
    // Without deletions, position and seeded row are the same: start there.
    let position = this.#deleted.size === 0 ? Math.min(start, base.size) : 0
    for (let row = position; row < base.size && results.length < count; row++) {
      const key = base.keyAt(row)
      if (this.#deleted.has(key)) continue
      if (position++ < start) continue
      results.push(this.#written.get(key) ?? base.record(row))
    }
    for (const [key, record] of this.#written) {
      if (results.length >= count) break
      if (base.has(key) || position++ < start) continue
      results.push(record)
    }
    return results
  }

  count(): number {
    let count = this.#base.size - this.#deleted.size
    for (const key of this.#written.keys()) if (!this.#base.has(key)) count++
    return count
  }

  /** Stores a new record (frozen, deeply). Throws when its key is already taken. */
  insert(record: T): T {
    const key = this.#spec.key(record)
    if (this.has(key)) throw new Error(`${this.#spec.name}: key ${key} already exists`)
    deepFreeze(record)
    this.#deleted.delete(key)
    this.#store(key, record)
    this.#version++
    return record
  }

  /** Applies `recipe` to a copy of the record with `key` and stores the copy; undefined when absent. */
  update(key: string, recipe: (draft: T) => void): T | undefined {
    const current = this.get(key)
    if (current === undefined) return undefined
    const draft = structuredClone(current)
    recipe(draft)
    const next = this.#inKeyOrder(draft)
    deepFreeze(next)
    if (this.#written.has(key)) this.#unindex(key, current, next)
    this.#store(key, next)
    this.#version++
    return next
  }

  /** Removes the record with `key`; false when there was none. */
  delete(key: string): boolean {
    const current = this.get(key)
    if (current === undefined) return false
    const written = this.#written.get(key)
    if (written !== undefined) {
      this.#written.delete(key)
      this.#writtenWeight -= this.#weigh(written)
      this.#unindex(key, written)
    }
    if (this.#base.has(key)) this.#deleted.add(key)
    this.#version++
    return true
  }

  /** What the written records (created or changed) weigh against the world's capacity (TableSpec.weight). */
  get writtenWeight(): number {
    return this.#writtenWeight
  }

  #weigh(record: T): number {
    return this.#spec.weight?.(record) ?? 1
  }

  /**
   * `draft` with its keys in the schema's order: a recipe that sets an optional field the record
   * lacked (a payment's hash) adds it last, and the wire shows keys as stored.
   */
  #inKeyOrder(draft: T): T {
    const source = draft as Record<string, unknown>
    const ordered: Record<string, unknown> = {}
    for (const key of this.#keyOrder) if (key in source) ordered[key] = source[key]
    for (const key in source) if (!(key in ordered)) ordered[key] = source[key]
    return ordered as T
  }

  #store(key: string, record: T): void {
    const replaced = this.#written.get(key)
    this.#writtenWeight += this.#weigh(record) - (replaced === undefined ? 0 : this.#weigh(replaced))
    this.#written.set(key, record)
    for (const [name, indexOf] of this.#indexEntries) {
      const value = indexOf(record)
      if (value === null) continue
      const index = this.#writtenIndexes.get(name)!
      const keys = index.get(value)
      if (keys) keys.add(key)
      else index.set(value, new Set([key]))
    }
  }

  /** Takes `key` out of the indexes `record` is filed under, except where `next` stays filed the same. */
  #unindex(key: string, record: T, next?: T): void {
    for (const [name, indexOf] of this.#indexEntries) {
      const value = indexOf(record)
      if (value !== null && (next === undefined || indexOf(next) !== value)) {
        this.#writtenIndexes.get(name)!.get(value)?.delete(key)
      }
    }
  }

  #indexOf(indexName: string): (record: T) => string | null {
    const indexOf = this.#spec.indexes[indexName]
    if (indexOf === undefined) throw new Error(`${this.#spec.name}: no index named ${indexName}`)
    return indexOf
  }
}

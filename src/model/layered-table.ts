/**
 * A live table: the seeded snapshot underneath, an @msw/data Collection on top holding every record a client
 * created or changed, and tombstones for deletions. Reads merge the layers through indexes, never a scan (@msw/data
 * scans and allows duplicate keys, so the key map and indexes here are the authority; its Collection validates and
 * stores the written records, and is imported on the first write: write-layer.ts). A reset drops the top layer,
 * and a session's copy of the world costs nothing until it writes.
 */
import type { Collection } from '@msw/data'
import { plainCopy } from './plain-copy.ts'
import type { TableSnapshot } from './table-snapshot.ts'
import type { TableSpec } from './table-spec.ts'
import { loadCollectionClass } from './write-layer.ts'

/** What a table tells of a write: the record now stored under a key, or that the key is gone. */
export type TableChangeListener<T> = (change: { put: T } | { deleted: string }) => void

export class LayeredTable<T extends object> {
  readonly #spec: TableSpec<T>
  readonly #base: TableSnapshot<T>
  #collection: Collection<TableSpec<T>['schema']> | undefined
  /** Key → the written version of a record (created here or changed from the base). */
  readonly #written = new Map<string, T>()
  #writtenWeight = 0
  readonly #deleted = new Set<string>()
  /** Keys of written records `restore` stored, which the Collection does not hold (yet). */
  readonly #restored = new Set<string>()
  /** Index name → value → keys of written records filed under it, in write order. */
  readonly #writtenIndexes = new Map<string, Map<string, Set<string>>>()
  readonly #indexEntries: readonly (readonly [string, (record: T) => string | null])[]
  #version = 0
  /** Told of every write (persistence records them); absent for a model nobody persists. */
  readonly #onChange: TableChangeListener<T> | undefined

  constructor(base: TableSnapshot<T>, onChange?: TableChangeListener<T>) {
    this.#spec = base.spec
    this.#base = base
    this.#onChange = onChange
    this.#indexEntries = Object.entries(base.spec.indexes)
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

  /** The records `all()` would list from position `start`, at most `count` of them, building only those. */
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

  /** Stores a new record. Throws when its key is already taken. */
  async insert(record: T): Promise<T> {
    const key = this.#spec.key(record)
    if (this.has(key)) throw new Error(`${this.#spec.name}: key ${key} already exists`)
    const stored = (await (this.#collection ?? (await this.#openWriteLayer())).create(record)) as T
    this.#deleted.delete(key)
    this.#store(key, stored)
    this.#version++
    this.#onChange?.({ put: stored })
    return stored
  }

  /** Applies `recipe` to a draft of the record with `key` and stores the result; undefined when absent. */
  async update(key: string, recipe: (draft: T) => void): Promise<T | undefined> {
    const current = this.get(key)
    if (current === undefined) return undefined
    // Copied here, in this realm, and stored as a new version: @msw/data's own update drafts through
    // structuredClone, whose copies belong to the host's realm in a vm sandbox (Jest, vitest's vm pools), and
    // mutative refuses those (plain-copy.ts).
    const draft = plainCopy(current)
    recipe(draft)
    const next = (await (this.#collection ?? (await this.#openWriteLayer())).create(draft)) as T
    const written = this.#written.has(key)
    if (written && !this.#restored.delete(key)) this.#collection?.delete(current as never)
    if (written) this.#unindex(key, current, next)
    this.#store(key, next)
    this.#version++
    this.#onChange?.({ put: next })
    return next
  }

  /**
   * Stores `record` as its key's version, created or replaced whole, without telling the listener: what persistence
   * restores at start, already validated. It enters the Collection only when next updated, so restoring stays cheap.
   */
  restore(record: T): void {
    const key = this.#spec.key(record)
    const current = this.#written.get(key)
    if (current !== undefined) {
      if (!this.#restored.has(key)) this.#collection?.delete(current as never)
      this.#unindex(key, current, record)
    }
    this.#deleted.delete(key)
    this.#restored.add(key)
    this.#store(key, record)
    this.#version++
  }

  /** Removes the record with `key`; false when there was none. */
  delete(key: string): boolean {
    const current = this.get(key)
    if (current === undefined) return false
    const written = this.#written.get(key)
    if (written !== undefined) {
      if (!this.#restored.delete(key)) this.#collection?.delete(written as never)
      this.#written.delete(key)
      this.#writtenWeight -= this.#weigh(written)
      this.#unindex(key, written)
    }
    if (this.#base.has(key)) this.#deleted.add(key)
    this.#version++
    this.#onChange?.({ deleted: key })
    return true
  }

  /** The write layer as it stands: the written records (in write order) and the seeded keys deleted. */
  writes(): { readonly written: Iterable<T>; readonly deleted: Iterable<string> } {
    return { written: this.#written.values(), deleted: this.#deleted }
  }

  /** The written records' count and weight against the world's capacity (TableSpec.weight), and seeded deletions. */
  writeStats(): { written: number; weight: number; deleted: number } {
    return { written: this.#written.size, weight: this.#writtenWeight, deleted: this.#deleted.size }
  }

  #weigh(record: T): number {
    return this.#spec.weight?.(record) ?? 1
  }

  /** The @msw/data Collection written records live in, made on the first write (importing @msw/data if no table has). */
  async #openWriteLayer(): Promise<Collection<TableSpec<T>['schema']>> {
    const CollectionClass = await loadCollectionClass()
    this.#collection ??= new CollectionClass({ schema: this.#spec.schema })
    return this.#collection
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

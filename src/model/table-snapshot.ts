/**
 * The seeded, immutable layer of a table: records in seed order, a map by key and the secondary
 * indexes. Built once per world and shared by every model (and session) made from that world;
 * records are frozen so no write can reach it.
 */
import type { TableSpec } from './table-spec.ts'

export class TableSnapshot<T extends object> {
  readonly records: readonly T[]
  readonly byKey: ReadonlyMap<string, T>
  readonly indexes: ReadonlyMap<string, ReadonlyMap<string, readonly T[]>>

  constructor(
    readonly spec: TableSpec<T>,
    records: readonly T[],
  ) {
    const byKey = new Map<string, T>()
    const indexes = new Map<string, Map<string, T[]>>()
    for (const name of Object.keys(spec.indexes)) indexes.set(name, new Map())
    for (const record of records) {
      deepFreeze(record)
      const key = spec.key(record)
      if (byKey.has(key)) throw new Error(`${spec.name}: duplicate key ${key}`)
      byKey.set(key, record)
      for (const [name, indexOf] of Object.entries(spec.indexes)) {
        const value = indexOf(record)
        if (value === null) continue
        const index = indexes.get(name)!
        const hits = index.get(value)
        if (hits) hits.push(record)
        else index.set(value, [record])
      }
    }
    this.records = records
    this.byKey = byKey
    this.indexes = indexes
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const child of Object.values(value)) deepFreeze(child)
}

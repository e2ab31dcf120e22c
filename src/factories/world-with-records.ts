/**
 * A world snapshot with more seeded records: what a scenario's `world.create` makes of the world it
 * starts from. The seeded rows stay shared and unbuilt; the new records go with the scenario's world
 * when it is left, and still count against the world's capacity of written records.
 */
import type { RecordOf, TableName } from '../model/records.ts'
import { deepFreeze, type SeededRows, TableSnapshot } from '../model/table-snapshot.ts'
import type { TableSpec } from '../model/table-spec.ts'
import { tableNames, type WorldSnapshot } from '../model/world.ts'
import type { RecordsByTable } from './record-batch.ts'

class AppendedRows<T extends object> implements SeededRows<T> {
  readonly #keys: string[]
  constructor(
    readonly base: TableSnapshot<T>,
    readonly spec: TableSpec<T>,
    readonly extra: readonly T[],
  ) {
    for (const record of extra) deepFreeze(record)
    this.#keys = extra.map((record) => spec.key(record))
  }
  get size(): number {
    return this.base.size + this.extra.length
  }
  keyAt(row: number): string {
    return row < this.base.size ? this.base.keyAt(row) : this.#keys[row - this.base.size]!
  }
  filedAt(name: string, row: number): string | null {
    return row < this.base.size
      ? this.base.filedAt(name, row)
      : this.spec.indexes[name]!(this.extra[row - this.base.size]!)
  }
  record(row: number): T {
    return row < this.base.size ? this.base.record(row) : this.extra[row - this.base.size]!
  }
}

/** `base` with `created` appended, which weigh `weight` against the world's capacity of written records. */
export function worldWithRecords(base: WorldSnapshot, created: RecordsByTable, weight: number): WorldSnapshot {
  const nextId = (kind: 'managerPayments' | 'investorPayments') =>
    created[kind].reduce((next, payment) => Math.max(next, payment.id + 1), base.firstIds[kind])
  return {
    tables: Object.fromEntries(
      tableNames.map((name) => {
        const table = base.tables[name] as TableSnapshot<RecordOf<TableName>>
        const extra = created[name] as RecordOf<TableName>[]
        return [
          name,
          extra.length === 0 ? table : new TableSnapshot(table.spec, new AppendedRows(table, table.spec, extra), table),
        ]
      }),
    ) as WorldSnapshot['tables'],
    platform: base.platform,
    firstIds: { managerPayments: nextId('managerPayments'), investorPayments: nextId('investorPayments') },
    createdWeight: (base.createdWeight ?? 0) + weight,
  }
}

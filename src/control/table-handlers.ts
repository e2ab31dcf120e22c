/**
 * The model's tables as the dashboard's Data panel browses them: records as the API shows them now
 * (derived fields included), plus the links the wire shape leaves out.
 */
import { ApiError } from '../http/api-error.ts'
import type { Model } from '../model/model.ts'
import { type RecordOf, type TableName, tables } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import { presentDebtToken, presentSecurityToken } from '../resolvers/presenters.ts'
import { sessionOf } from '../sessions/session-header.ts'
import type { ControlHandlerTable } from './control-handler.ts'
import { recordLinks, SCAN_LIMIT } from './record-links.ts'
import { tenantOf } from './tenant-handlers.ts'

const DEFAULT_PAGE_SIZE = 50

/** A stored record as the API reads it now (what a client of the service would see). */
function present(table: TableName, record: object, now: Date): unknown {
  if (table === 'debtTokens') {
    const token = record as RecordOf<'debtTokens'>
    return { ...presentDebtToken(token, now), securityTokenAddress: token.securityTokenAddress }
  }
  if (table === 'securityTokens') return presentSecurityToken(record as RecordOf<'securityTokens'>, now)
  return record
}

/** Whether a top-level text or number of the record contains `q` (already lower-case). */
function matches(record: object, q: string): boolean {
  for (const value of Object.values(record)) {
    if ((typeof value === 'string' || typeof value === 'number') && String(value).toLowerCase().includes(q)) return true
  }
  return false
}

const keyOf = (table: TableName, record: object): string => (tables[table].key as (record: object) => string)(record)

/** The records whose key, or a value one of the table's indexes files them under, is `q`. */
function exactMatches(model: Model, table: TableName, q: string): object[] {
  const live = model[table]
  const key = normalizeKey(q)
  const found = new Map<string, object>()
  const direct = live.get(key)
  if (direct !== undefined) found.set(key, direct)
  for (const index of Object.keys(tables[table].indexes))
    for (const record of live.where(index, key) as object[]) found.set(keyOf(table, record), record)
  return [...found.values()]
}

/** A page of the table or of the records matching `q`; past SCAN_LIMIT records, searched by key and index only. */
function page(model: Model, table: TableName, q: string, offset: number, limit: number) {
  const live = model[table]
  if (q === '') return { total: live.count(), records: live.slice(offset, limit) as object[] }
  const lower = q.toLowerCase()
  const found =
    live.count() <= SCAN_LIMIT
      ? (live.all() as object[]).filter((record) => matches(record, lower))
      : exactMatches(model, table, q)
  return { total: found.length, records: found.slice(offset, offset + limit) }
}

export const tableHandlers: ControlHandlerTable<'listTableRecords' | 'getTableRecord'> = {
  listTableRecords: ({ params, query }, context) => {
    const offset = query.offset ?? 0
    const found = page(
      tenantOf(context).model,
      params.table,
      query.q?.trim() ?? '',
      offset,
      query.limit ?? DEFAULT_PAGE_SIZE,
    )
    const now = context.simulator.clock.now()
    return {
      session: sessionOf(context.request),
      table: params.table,
      total: found.total,
      offset,
      records: found.records.map((record) => ({
        key: keyOf(params.table, record),
        record: present(params.table, record, now),
      })),
    }
  },
  getTableRecord: ({ params }, context) => {
    const model = tenantOf(context).model
    const key = normalizeKey(params.key.trim())
    const record = model[params.table].get(key)
    if (record === undefined)
      throw ApiError.notFound(`no record ${JSON.stringify(params.key.slice(0, 80))} in ${params.table}`)
    return {
      session: sessionOf(context.request),
      table: params.table,
      key,
      record: present(params.table, record, context.simulator.clock.now()),
      links: recordLinks(model, params.table, record),
    }
  },
}

/**
 * The model's tables, page by page and record by record, as the dashboard's Data panel browses
 * them (the default world, or a session's with `X-Sim-Session`). Records are shown as the API
 * shows them, with the fields derived at read time (a debt token's status, a security token's
 * `expired`) at the clock's now, plus the links the wire shape leaves out.
 */
import { ApiError } from '../http/api-error.ts'
import type { Model } from '../model/model.ts'
import { type RecordOf, type TableName, tables } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import { presentDebtToken, presentSecurityToken } from '../resolvers/presenters.ts'
import { sessionOf } from '../sessions/session-header.ts'
import type { ControlHandlerTable } from './control-handler.ts'
import { recordLinks } from './record-links.ts'
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

function rows(model: Model, table: TableName, q: string | undefined): object[] {
  const all = model[table].all() as object[]
  const wanted = q?.trim().toLowerCase() ?? ''
  return wanted === '' ? all : all.filter((record) => matches(record, wanted))
}

const keyOf = (table: TableName, record: object): string => (tables[table].key as (record: object) => string)(record)

export const tableHandlers: ControlHandlerTable<'listTableRecords' | 'getTableRecord'> = {
  listTableRecords: ({ params, query }, context) => {
    const model = tenantOf(context).model
    const found = rows(model, params.table, query.q)
    const offset = query.offset ?? 0
    const now = context.simulator.clock.now()
    return {
      session: sessionOf(context.request),
      table: params.table,
      total: found.length,
      offset,
      records: found
        .slice(offset, offset + (query.limit ?? DEFAULT_PAGE_SIZE))
        .map((record) => ({ key: keyOf(params.table, record), record: present(params.table, record, now) })),
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

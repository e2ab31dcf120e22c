/**
 * What `GET /__sim/state` answers: at most MAX_STATE_RECORDS records, so no control answer is larger
 * than an API list. A larger `limit` is a 400, not a silently shorter page (a client paging by `limit`
 * would skip records). Built in chunks (work-slices.ts): cold generated records are slow to build.
 */
import { MAX_STATE_RECORDS, MAX_STATE_RECORDS_PER_TABLE } from '../contract/control-schemas.ts'
import { WorkSlices } from '../factories/work-slices.ts'
import { ApiError } from '../http/api-error.ts'
import type { TableName } from '../model/records.ts'
import type { SimulatorCore } from '../simulator-core.ts'

/** Records built per chunk: few enough to hold no other client long, even cold debt tokens. */
const CHUNK = 100

/** Refuses a `limit` past what one answer carries: MAX_STATE_RECORDS for one table, a sixth of it for all six. */
function checkStateLimit(limit: number | undefined, table: string | undefined): void {
  if (limit === undefined) return
  if (table !== undefined && limit > MAX_STATE_RECORDS)
    throw ApiError.badRequest(
      `query parameter limit must be at most ${MAX_STATE_RECORDS} (the records one answer carries), got ${limit}: page with offset (counts says how many there are)`,
    )
  if (table === undefined && limit > MAX_STATE_RECORDS_PER_TABLE)
    throw ApiError.badRequest(
      `query parameter limit must be at most ${MAX_STATE_RECORDS_PER_TABLE} without table (six tables of ${limit} records would pass the ${MAX_STATE_RECORDS} one answer carries), got ${limit}: ask for one table (?table=debtTokens&limit=${Math.min(limit, MAX_STATE_RECORDS)}) and page it with offset`,
    )
}

export interface StateQuery {
  readonly session: string | null
  readonly table?: TableName | undefined
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}

export async function statePage(simulator: SimulatorCore, query: StateQuery) {
  checkStateLimit(query.limit, query.table)
  const limit = query.limit ?? 200
  const offset = query.offset ?? 0
  const view = simulator.state({ session: query.session, table: query.table, limit: 0 })
  const slices = new WorkSlices()
  const tables: Partial<Record<TableName, unknown[]>> = {}
  for (const name of Object.keys(view.tables) as TableName[]) {
    const records: unknown[] = []
    while (records.length < limit) {
      const chunk = simulator.state({
        session: query.session,
        table: name,
        offset: offset + records.length,
        limit: Math.min(CHUNK, limit - records.length),
      }).tables[name]!
      records.push(...chunk)
      if (chunk.length < CHUNK) break
      await slices.pause()
    }
    tables[name] = records
  }
  return { ...view, tables }
}

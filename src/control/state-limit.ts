/**
 * How many records one `GET /__sim/state` answer may carry: at most MAX_STATE_RECORDS, whatever
 * the table, so that no control answer is larger than an API list and none holds the event loop
 * long (2,000 debt tokens with their parcels are about 5 MB). A larger `limit` is a 400 saying how
 * to page, rather than a page silently shorter than asked: a client that pages by `limit` would
 * otherwise skip records.
 */
import { MAX_STATE_RECORDS, MAX_STATE_RECORDS_PER_TABLE } from '../contract/control-schemas.ts'
import { ApiError } from '../http/api-error.ts'

/** Refuses a `limit` past what one answer carries: MAX_STATE_RECORDS for one table, a sixth of it for all six. */
export function checkStateLimit(limit: number | undefined, table: string | undefined): void {
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

/**
 * The world a HAR session saw, as fixture files (`--world <dir>`, then `serve --fixtures <dir>`):
 * every record its successful answers showed (lists and items read, what writes answered), in the
 * shape and under the file names of `fixtures/`, validated against the model's record schemas and
 * the references between tables (`parseWorld`).
 *
 * A wire record is a stored one but for what the presenters derive at read time: a security token's
 * `expired` is dropped, and a debt token's link to its security token is the path's
 * `{securityTokenAddress}` when it was read under one (null otherwise). A record seen twice with
 * other values is reported and the later kept, as the service answered last. A payment or debt
 * token that names a security token the HAR did not show is left out (the world would not load),
 * and counted.
 */
import type * as z from 'zod/mini'
import { type TableName, tables } from '../model/records.ts'
import { fixtureFiles, parseWorld, tableNames } from '../model/world.ts'
import type { HarExchange } from './har-exchanges.ts'
import { parseJson } from './recorded-values.ts'

export interface HarWorld {
  /** File name (as in fixtures/) → its records. */
  readonly files: Readonly<Record<string, unknown[]>>
  /** How many records each table holds. */
  readonly counts: Readonly<Record<TableName, number>>
  /** Records seen with other values later: `users.json 8352e67d-…: entries[2] and entries[5] differ in email`. */
  readonly conflicts: readonly string[]
  /** Records left out because they name a security token the HAR did not show. */
  readonly unlinked: number
}

/** The stored record a wire object of `table` stands for (before validation). */
function fromWire(table: TableName, wire: Record<string, unknown>, params: Readonly<Record<string, string>>) {
  if (table === 'securityTokens') {
    const { expired: _derived, ...record } = wire
    return record
  }
  if (table === 'debtTokens') return { ...wire, securityTokenAddress: params.securityTokenAddress ?? null }
  return wire
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** The table whose record schema `wire` passes, with the record; undefined for anything else. */
function asRecord(wire: Record<string, unknown>, params: Readonly<Record<string, string>>) {
  for (const table of tableNames) {
    const candidate = fromWire(table, wire, params)
    const parsed = (tables[table].schema as z.ZodMiniType).safeParse(candidate, { jitless: true })
    if (parsed.success) return { table, record: parsed.data as Record<string, unknown> }
  }
  return undefined
}

/** The member names two records differ in (the first few). */
function differences(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...names].filter((name) => JSON.stringify(a[name]) !== JSON.stringify(b[name]))
}

const lower = (text: string) => text.toLowerCase()

export function harWorld(exchanges: readonly HarExchange[]): HarWorld {
  const byTable = new Map<TableName, Map<string, { record: Record<string, unknown>; entry: number }>>(
    tableNames.map((name) => [name, new Map()]),
  )
  const conflicts: string[] = []
  for (const exchange of exchanges) {
    if (exchange.response.status < 200 || exchange.response.status >= 300) continue
    const answer = parseJson(exchange.response.body ?? '')
    if (!answer.ok) continue
    const objects = Array.isArray(answer.value) ? answer.value : [answer.value]
    for (const wire of objects) {
      if (!isObject(wire)) continue
      const found = asRecord(wire, exchange.params)
      if (found === undefined) continue
      const records = byTable.get(found.table)!
      const key = (tables[found.table].key as (record: object) => string)(found.record)
      const earlier = records.get(key)
      let record = found.record
      if (found.table === 'debtTokens' && record.securityTokenAddress === null && earlier !== undefined)
        record = { ...record, securityTokenAddress: earlier.record.securityTokenAddress }
      if (earlier !== undefined) {
        const differ = differences(earlier.record, record)
        if (differ.length > 0)
          conflicts.push(
            `${fixtureFiles[found.table]} ${key}: entries[${earlier.entry}] and entries[${exchange.entry}] differ in ${differ.slice(0, 5).join(', ')}${differ.length > 5 ? '…' : ''} (the later kept)`,
          )
      }
      records.set(key, { record, entry: exchange.entry })
    }
  }
  const securityTokens = new Set(
    [...byTable.get('securityTokens')!.values()].map(({ record }) => lower(String(record.contractAddress))),
  )
  let unlinked = 0
  const linked = (table: TableName, record: Record<string, unknown>): boolean => {
    const link =
      table === 'debtTokens'
        ? (record.securityTokenAddress as string | null)
        : table === 'managerPayments' || table === 'investorPayments'
          ? (record.tokenAddress as string)
          : null
    const ok = link === null || securityTokens.has(lower(link))
    if (!ok) unlinked++
    return ok
  }
  const files: Record<string, unknown[]> = {}
  const counts = {} as Record<TableName, number>
  for (const name of tableNames) {
    const records = [...byTable.get(name)!.values()]
      .map(({ record }) => record)
      .filter((record) => linked(name, record))
    files[fixtureFiles[name]] = records
    counts[name] = records.length
  }
  parseWorld(files, 'world/') // the same checks `serve --fixtures` makes; a mistake here is the converter's
  return { files, counts, conflicts, unlinked }
}

/**
 * The world a HAR session started from, as fixture files (`--world <dir>`): every record its answers
 * showed, as first shown, but those the session created. One naming a security token the HAR did not
 * show is left out, since the world would not load (docs/har-import.md).
 */
import type * as z from 'zod/mini'
import { findOperation } from '../contract/operations.ts'
import { type TableName, tables } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import { fixtureFiles, parseWorld, tableNames } from '../model/world.ts'
import type { HarExchange } from './har-exchanges.ts'
import { parseJson } from './recorded-values.ts'

export interface HarWorld {
  /** File name (as in fixtures/) → its records. */
  readonly files: Readonly<Record<string, unknown[]>>
  /** How many records each table holds. */
  readonly counts: Readonly<Record<TableName, number>>
  /** Records read again with other values: `users.json 8352e67d-…: entries[2] and entries[5] differ in email`. */
  readonly conflicts: readonly string[]
  /** Records the session created, left out of the world it started from. */
  readonly created: number
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

/** The keys a write names: its path's parameters and the scalars its answer gives (`{"id": 7, …}`). */
function keysNamedBy(exchange: HarExchange, answer: unknown): string[] {
  const scalars = isObject(answer)
    ? Object.values(answer).filter((value) => typeof value === 'string' || typeof value === 'number')
    : []
  return [...Object.values(exchange.params), ...scalars].map((value) => normalizeKey(String(value)))
}

export function harWorld(exchanges: readonly HarExchange[]): HarWorld {
  /** Per table: key → the record as first shown and the entry that showed it last. */
  const byTable = new Map<TableName, Map<string, { record: Record<string, unknown>; entry: number }>>(
    tableNames.map((name) => [name, new Map()]),
  )
  /** `<table> <key>` of the records the session created, and of those it changed so far. */
  const created = new Set<string>()
  const changed = new Set<string>()
  /** The created keys that are addresses or ids a record of another table may name (not a plain number). */
  const createdNames = new Set<string>()
  const namesCreated = (record: Record<string, unknown>) =>
    Object.values(record).some((value) => typeof value === 'string' && createdNames.has(normalizeKey(value)))
  /** The records shown that the session created, left out. */
  const leftOut = new Set<string>()
  const conflicts: string[] = []
  for (const exchange of exchanges) {
    if (exchange.response.status < 200 || exchange.response.status >= 300) continue
    const answer = parseJson(exchange.response.body ?? '')
    if (!answer.ok) continue
    const table = findOperation(exchange.operationId)?.group as TableName | undefined
    // A write answers an acknowledgement naming what it wrote: every POST of the contract creates,
    // PUT and DELETE change what was there.
    if (exchange.method !== 'GET' && table !== undefined && byTable.has(table))
      for (const key of keysNamedBy(exchange, answer.value)) {
        if (exchange.method !== 'POST') changed.add(`${table} ${key}`)
        else if (!byTable.get(table)!.has(key)) {
          created.add(`${table} ${key}`)
          if (!/^\d+$/.test(key)) createdNames.add(key)
        }
      }
    const objects = Array.isArray(answer.value) ? answer.value : [answer.value]
    for (const wire of objects) {
      if (!isObject(wire)) continue
      const found = asRecord(wire, exchange.params)
      if (found === undefined) continue
      const records = byTable.get(found.table)!
      const key = (tables[found.table].key as (record: object) => string)(found.record)
      const id = `${found.table} ${key}`
      const known = records.get(key)
      // A record naming one the session created was made with it (a contract's debt token).
      if (known === undefined && (created.has(id) || namesCreated(found.record))) {
        leftOut.add(id) // not in the world the session started from
        continue
      }
      if (known === undefined) {
        records.set(key, { record: found.record, entry: exchange.entry })
        continue
      }
      // A debt token read under its security token tells the link a read of the token alone does not.
      if (found.table === 'debtTokens' && known.record.securityTokenAddress === null)
        known.record = { ...known.record, securityTokenAddress: found.record.securityTokenAddress }
      if (changed.has(id)) continue // read after the session changed it: the world keeps it as it was
      const unlinked = found.table === 'debtTokens' && found.record.securityTokenAddress === null
      const read = unlinked
        ? { ...found.record, securityTokenAddress: known.record.securityTokenAddress }
        : found.record
      const differ = differences(known.record, read)
      if (differ.length > 0)
        conflicts.push(
          `${fixtureFiles[found.table]} ${key}: entries[${known.entry}] and entries[${exchange.entry}] differ in ${differ.slice(0, 5).join(', ')}${differ.length > 5 ? '…' : ''} (the first kept)`,
        )
      known.entry = exchange.entry
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
  return { files, counts, conflicts, created: leftOut.size, unlinked }
}

/** Stored records → wire shapes: drops links the wire does not carry, adds fields derived at read time (`expired`). */
import type { DebtToken } from '../contract/debt-tokens.ts'
import type { SecurityToken } from '../contract/security-tokens.ts'
import { debtTokenStatusAt } from '../domain/debt-token-status.ts'
import type { DebtTokenRecord, SecurityTokenRecord } from '../model/records.ts'

/**
 * The wire shape of each stored debt token, built once per record and frozen, so lists of the same
 * records serialize from a cache (pipeline/json-cache.ts). Safe: a changed token is a new record.
 */
const presentedDebtTokens = new WeakMap<DebtTokenRecord, DebtToken>()
/** The same, for statuses other than the stored one (the clock moved): one per record and status. */
const presentedAtStatus = new WeakMap<DebtTokenRecord, Map<number, DebtToken>>()

/** @param now the clock's now: the status is derived from it on every read (debtTokenStatusAt). */
export function presentDebtToken(record: DebtTokenRecord, now: Date): DebtToken {
  let wire = presentedDebtTokens.get(record)
  if (wire === undefined) {
    const { securityTokenAddress: _link, ...rest } = record
    wire = Object.freeze(rest)
    presentedDebtTokens.set(record, wire)
  }
  const status = debtTokenStatusAt(record, Math.floor(now.getTime() / 1000))
  if (status === wire.status) return wire
  let byStatus = presentedAtStatus.get(record)
  if (byStatus === undefined) presentedAtStatus.set(record, (byStatus = new Map()))
  let moved = byStatus.get(status)
  if (moved === undefined) byStatus.set(status, (moved = Object.freeze({ ...wire, status })))
  return moved
}

/** True once `date` (a day or an instant) is before `now`. */
export function isPast(date: string, now: Date): boolean {
  if (date === '') return false
  const instant = Date.parse(date.length === 10 ? `${date}T23:59:59.999Z` : date)
  return !Number.isNaN(instant) && instant < now.getTime()
}

/** The instant a day or an instant stands for in `isPast` (NaN when it names none, -Infinity for ""). */
function instantOf(date: string): number {
  if (date === '') return Number.POSITIVE_INFINITY // never past
  return Date.parse(date.length === 10 ? `${date}T23:59:59.999Z` : date)
}

/**
 * The wire shape of each stored security token, per expiry state, built once and frozen: a changed
 * token is a new record object (LayeredTable never mutates one).
 */
const presented = new WeakMap<
  SecurityTokenRecord,
  { expiresAt: number; expired?: SecurityToken; live?: SecurityToken }
>()

export function presentSecurityToken(record: SecurityTokenRecord, now: Date): SecurityToken {
  let entry = presented.get(record)
  if (entry === undefined) presented.set(record, (entry = { expiresAt: instantOf(record.expirationDate) }))
  const expired = entry.expiresAt < now.getTime() // false for NaN, as isPast
  const cached = expired ? entry.expired : entry.live
  if (cached !== undefined) return cached
  const { series, ...rest } = record
  const token: SecurityToken = Object.freeze({ ...rest, expired, series })
  if (expired) entry.expired = token
  else entry.live = token
  return token
}

/**
 * Stored records → wire shapes: drops the links the wire does not carry and adds the fields derived
 * at read time (a security token is expired once its expiration date has passed on the clock).
 */
import type { DebtToken } from '../contract/debt-tokens.ts'
import type { SecurityToken } from '../contract/security-tokens.ts'
import type { DebtTokenRecord, SecurityTokenRecord } from '../model/records.ts'

export function presentDebtToken(record: DebtTokenRecord): DebtToken {
  const { securityTokenAddress: _link, ...wire } = record
  return wire
}

/** True once `date` (a day or an instant) is before `now`. */
export function isPast(date: string, now: Date): boolean {
  if (date === '') return false
  const instant = Date.parse(date.length === 10 ? `${date}T23:59:59.999Z` : date)
  return !Number.isNaN(instant) && instant < now.getTime()
}

export function presentSecurityToken(record: SecurityTokenRecord, now: Date): SecurityToken {
  const { series, ...rest } = record
  return { ...rest, expired: isPast(record.expirationDate, now), series }
}

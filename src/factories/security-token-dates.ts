/**
 * The dates of a security token the factory makes, coherent with those the overrides give
 * (createdAt ≤ emissionEndDate ≤ expirationDate ≤ maxExpirationDate). A date left out is drawn, then
 * moved to the nearest day that keeps the order; dates given are kept as given, even out of order.
 */
import { toIsoDay } from '../domain/calendar.ts'
import { dayFrom, instantFrom } from './draws.ts'
import type { SecurityTokenOverrides } from './overrides.ts'

export interface SecurityTokenDates {
  readonly createdAt: string
  readonly emissionEndDate: string
  readonly expirationDate: string
  readonly maxExpirationDate: string
}

/** The instant a date or date-time names (a day: its start, UTC). */
const instant = (text: string) => new Date(Date.parse(text))

/** Whichever of two dates is earlier, as written (a day or a date-time). */
const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b)

/** The days the factory drew for the dates left out (0 for a date given). */
export interface DrawnDays {
  /** From now to the latest expiration. */
  readonly expiresIn: number
  /** From creation to now. */
  readonly daysAgo: number
  /** From creation, or now, to the emission's end. */
  readonly emissionDays: number
}

/** The four dates: those given, and the others from the days drawn, in order with them. */
export function securityTokenDates(
  now: Date,
  overrides: SecurityTokenOverrides,
  { expiresIn, daysAgo, emissionDays }: DrawnDays,
): SecurityTokenDates {
  // The latest expiration, unless given (or the expiry is): expiresIn days from now…
  const fromNow =
    overrides.maxExpirationDate === undefined && overrides.expirationDate === undefined
      ? dayFrom(now, expiresIn, 'overrides.maxExpirationDate')
      : undefined
  // The emission ends after creation: drawn from now, or from a creation date given later than it.
  const from =
    overrides.createdAt !== undefined && instant(overrides.createdAt) > now ? instant(overrides.createdAt) : now
  const emissionDrawn = overrides.emissionEndDate ?? dayFrom(from, emissionDays, 'overrides.emissionEndDate')
  // …or from the emission's end when that is later.
  const maxExpirationDate =
    overrides.maxExpirationDate ??
    overrides.expirationDate ??
    (Date.parse(fromNow!) >= Date.parse(emissionDrawn)
      ? fromNow!
      : dayFrom(instant(emissionDrawn), expiresIn, 'overrides.maxExpirationDate'))
  const expirationDate = overrides.expirationDate ?? maxExpirationDate
  // A drawn emission end closes on the day of the expiry at the latest.
  const emissionEndDate = overrides.emissionEndDate ?? earlier(emissionDrawn, toIsoDay(instant(expirationDate)))
  // A drawn creation lies daysAgo days before now, or before the emission's end when that is earlier.
  const createdAt =
    overrides.createdAt ??
    instantFrom(
      Date.parse(emissionEndDate) <= now.getTime() ? instant(emissionEndDate) : now,
      -daysAgo,
      'overrides.createdAt',
    ).toISOString()
  return { createdAt, emissionEndDate, expirationDate, maxExpirationDate }
}

/**
 * The one calendar of every instant the simulator reads or writes: years 0001 to 9999, real dates
 * only. The formats validate input with it; domain/calendar.ts does its date arithmetic within it.
 */

export const MIN_YEAR = 1
export const MAX_YEAR = 9999
const MIN_INSTANT_MS = utcMs(MIN_YEAR, 0, 1)
export const MAX_INSTANT_MS = utcMs(MAX_YEAR + 1, 0, 1) - 1
/** The longest move of a clock that stays in the calendar: from its first instant to its last. */
export const CALENDAR_SPAN_MS = MAX_INSTANT_MS - MIN_INSTANT_MS

/** Date.UTC without its two-digit-year mapping (Date.UTC(50, 0, 1) is 1950, this is year 50). */
function utcMs(year: number, monthIndex: number, day: number): number {
  const date = new Date(Date.UTC(2000, monthIndex, day))
  date.setUTCFullYear(year, monthIndex, day)
  return date.getTime()
}

/** Whether an instant lies in years 0001-9999. */
export function inCalendar(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS
}

/** Whether a `YYYY-MM-DD` text (already well-formed) names a year of the calendar. */
export function dayInCalendar(isoDate: string): boolean {
  const year = Number(isoDate.slice(0, isoDate.indexOf('-', 1)))
  return year >= MIN_YEAR && year <= MAX_YEAR
}

/** Whether `value` is a Date of any realm: in a vm sandbox (Jest, vitest's vm pools) a caller can hold the host's. */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]'
}

/** The most decimals of a second an instant may give: nanoseconds, as ISO 8601 profiles allow. */
export const MAX_SECOND_DECIMALS = 9

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:Z|[+-](\d{2}):(\d{2}))$/

/** An ISO 8601 instant (seconds and fraction optional) that is a real date in years 0001-9999, or why it is not. */
export function parseInstant(text: string): Date | { problem: string } {
  const match = INSTANT.exec(text)
  if (match === null) return { problem: 'must be an ISO 8601 instant such as 2026-03-02T12:00:00.000Z' }
  const [year, month, day, hour, minute, second = '0', fraction = '', offsetHours = '0', offsetMinutes = '0'] = match
    .slice(1)
    .map((part) => part ?? undefined) as string[]
  if (fraction.length > MAX_SECOND_DECIMALS)
    return { problem: `must have at most ${MAX_SECOND_DECIMALS} decimals of a second` }
  const y = Number(year)
  const m = Number(month)
  const d = Number(day)
  const probe = new Date(utcMs(y, m - 1, d))
  if (m < 1 || m > 12 || probe.getUTCDate() !== d || probe.getUTCMonth() !== m - 1)
    return { problem: `is not a real date: ${text.slice(0, 10)}` }
  if (
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59 ||
    Number(offsetHours) > 23 ||
    Number(offsetMinutes) > 59
  ) {
    return { problem: 'must be an ISO 8601 instant such as 2026-03-02T12:00:00.000Z' }
  }
  const ms = Date.parse(text) // an ISO text with a four-digit year: no two-digit-year mapping here
  if (!inCalendar(ms)) return { problem: 'must lie in the years 0001 to 9999' }
  return new Date(ms)
}

/**
 * Calendar arithmetic on UTC days, years 0001 to 9999 only, so that every date the simulator writes
 * is `YYYY-MM-DD` (no `+012024-…`). The bounds and the parsing of instants are in contract/instants.ts.
 */
import { MAX_INSTANT_MS, MAX_YEAR, MIN_YEAR } from '../contract/instants.ts'

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const

/** Days in month `monthIndex` (0-11) of the proleptic Gregorian year `year`. */
function daysInMonth(year: number, monthIndex: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return monthIndex === 1 && leap ? 29 : DAYS_IN_MONTH[monthIndex]!
}

const pad = (value: number, digits: number) => String(value).padStart(digits, '0')

/** The year, month (1-12) and day of a `YYYY-MM-DD` date (NaN where it has none). */
function partsOf(isoDate: string): [year: number, month: number, day: number] {
  const monthAt = isoDate.indexOf('-', 1) + 1
  const dayAt = isoDate.indexOf('-', monthAt) + 1
  return [
    Number(isoDate.slice(0, monthAt - 1)),
    Number(isoDate.slice(monthAt, dayAt - 1)),
    Number(isoDate.slice(dayAt)),
  ]
}

/**
 * Adds whole months to a `YYYY-MM-DD` date, clamping the day to the target month's length. In
 * integer arithmetic, without a Date: a debt token's schedule calls it once per parcel.
 */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = partsOf(isoDate)
  const targetMonthIndex = month - 1 + months
  const targetYear = year + Math.floor(targetMonthIndex / 12)
  const targetMonth = ((targetMonthIndex % 12) + 12) % 12
  if (!(targetYear >= MIN_YEAR && targetYear <= MAX_YEAR))
    throw new RangeError(`${isoDate} plus ${months} months leaves the years ${MIN_YEAR}-${MAX_YEAR}`)
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth))
  return `${pad(targetYear, 4)}-${pad(targetMonth + 1, 2)}-${pad(targetDay, 2)}`
}

/**
 * `YYYY-MM-DD` → Unix seconds at 00:00 UTC of that day (a real date of years 0001-9999), counting
 * days from the civil date as Date.UTC does, without a Date.
 */
export function dayToUnixSeconds(isoDate: string): number {
  const [year, month, day] = partsOf(isoDate)
  // Years start in March here, so that the leap day is the last day of a year.
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return (era * 146_097 + dayOfEra - 719_468) * 86_400
}

export function toIsoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The day `days` after an instant, at most the calendar's last day (9999-12-31). */
export function dayAfter(instant: Date, days: number): string {
  return toIsoDay(new Date(Math.min(instant.getTime() + days * 86_400_000, MAX_INSTANT_MS)))
}

/**
 * Calendar arithmetic on UTC days: adding months the way loan schedules do (the 31st becomes the
 * last day of a shorter month) and converting days to the Unix seconds parcels carry. One calendar
 * for every instant the simulator reads or writes: years 0001 to 9999, real dates only, so that
 * every date it writes is `YYYY-MM-DD` (no `+012024-…`, no negative years). The calendar's bounds
 * and the parsing of instants live with the formats (contract/instants.ts), which validate input.
 */
import { inCalendar, MAX_INSTANT_MS, MAX_YEAR, MIN_YEAR, utcMs } from '../contract/instants.ts'

/** Adds whole months to a `YYYY-MM-DD` date, clamping the day to the target month's length. */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  const targetMonthIndex = month - 1 + months
  const targetYear = year + Math.floor(targetMonthIndex / 12)
  const targetMonth = ((targetMonthIndex % 12) + 12) % 12
  const lastDay = new Date(utcMs(targetYear, targetMonth + 1, 0)).getUTCDate()
  const date = new Date(utcMs(targetYear, targetMonth, Math.min(day, lastDay)))
  if (!inCalendar(date.getTime()))
    throw new RangeError(`${isoDate} plus ${months} months leaves the years ${MIN_YEAR}-${MAX_YEAR}`)
  return date.toISOString().slice(0, 10)
}

/** `YYYY-MM-DD` → Unix seconds at 00:00 UTC of that day. */
export function dayToUnixSeconds(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  return utcMs(year, month - 1, day) / 1000
}

/** A Date → its `YYYY-MM-DD` day in UTC. */
export function toIsoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The day `days` after an instant, at most the calendar's last day (9999-12-31). */
export function dayAfter(instant: Date, days: number): string {
  return toIsoDay(new Date(Math.min(instant.getTime() + days * 86_400_000, MAX_INSTANT_MS)))
}

/**
 * Calendar arithmetic on UTC days: adding months the way loan schedules do (the 31st becomes the
 * last day of a shorter month) and converting days to the Unix seconds parcels carry.
 */

/** Adds whole months to a `YYYY-MM-DD` date, clamping the day to the target month's length. */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  const targetMonthIndex = month - 1 + months
  const targetYear = year + Math.floor(targetMonthIndex / 12)
  const targetMonth = ((targetMonthIndex % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate()
  const date = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)))
  return date.toISOString().slice(0, 10)
}

/** `YYYY-MM-DD` → Unix seconds at 00:00 UTC of that day. */
export function dayToUnixSeconds(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00.000Z`) / 1000
}

/** A Date → its `YYYY-MM-DD` day in UTC. */
export function toIsoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

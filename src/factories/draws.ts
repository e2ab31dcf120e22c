/** Values drawn from a world's seeded source; a date leaving the calendar is an error naming the field to give. */
import { inCalendar } from '../contract/instants.ts'
import { toIsoDay } from '../domain/calendar.ts'
import { completeCnpj, formatCnpj } from '../domain/tax-ids.ts'
import type { Random } from '../model/random.ts'
import { FactoryError } from './factory-error.ts'

const DAY_MS = 86_400_000

export function int(random: Random, min: number, max: number): number {
  return random.int(min, max)
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[int(random, 0, items.length - 1)]!
}

/** The instant `days` days from `now` (negative: before); an error naming `field` when it leaves the calendar. */
export function instantFrom(now: Date, days: number, field: string): Date {
  const at = now.getTime() + days * DAY_MS
  if (!inCalendar(at)) {
    throw FactoryError.of(
      field,
      `the clock's now (${now.toISOString()}) is too close to the ${days < 0 ? 'start' : 'end'} of the calendar (years 0001 to 9999) to draw this date ${Math.abs(days)} days ${days < 0 ? 'before' : 'after'} it: give it, or move the clock (PUT /__sim/clock)`,
    )
  }
  return new Date(at)
}

/** The `YYYY-MM-DD` day `days` days from `now`, checked like `instantFrom`. */
export function dayFrom(now: Date, days: number, field: string): string {
  return toIsoDay(instantFrom(now, days, field))
}

/** A company's CNPJ, formatted, with valid check digits. */
export function drawCnpj(random: Random): string {
  return formatCnpj(completeCnpj(Array.from({ length: 12 }, () => int(random, 0, 9))))
}

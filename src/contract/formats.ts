/**
 * The contract's shared formats (addresses, hashes, dates, timestamps, amounts as strings), each with the message
 * a client sees when a value breaks it, so every operation words the same mistake the same way.
 */
import * as z from 'zod/mini'
import { boundedDecimalPattern } from './bounded-decimal-pattern.ts'
import { dayInCalendar, MAX_SECOND_DECIMALS, MAX_YEAR, MIN_YEAR, parseInstant } from './instants.ts'

export const ADDRESS_PATTERN = /^(0x)[0-9a-fA-F]{40}$/
export const HASH_PATTERN = /^(0x)[0-9a-fA-F]{64}$/

/** `0x` followed by 40 hexadecimal characters: wallets and contracts. */
export const Address = z
  .string()
  .check(z.regex(ADDRESS_PATTERN, { error: 'must be an ADDRESS (0x followed by 40 hexadecimal characters)' }))
  .clone()
  .register(z.globalRegistry, {
    description: 'ADDRESS: 0x followed by 40 hexadecimal characters',
    examples: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  })

/** `0x` followed by 64 hexadecimal characters: transaction hashes. */
export const Hash = z
  .string()
  .check(z.regex(HASH_PATTERN, { error: 'must be a HASH (0x followed by 64 hexadecimal characters)' }))
  .clone()
  .register(z.globalRegistry, {
    description: 'HASH: 0x followed by 64 hexadecimal characters',
    examples: ['0x4f12da997d8f3dcfa558dab811b80df5b2ee00b18563f59e1b4ff5c0c1b0a1c2'],
  })

// The document's date and date-time patterns: zod's own without the year 0000, which the calendar refuses
// (test/unit/openapi-patterns.test.ts checks that they accept what the schemas accept).
const YEAR = '(?:\\d{3}[1-9]|\\d{2}[1-9]0|\\d[1-9]00|[1-9]000)'
const LEAP_YEAR = '(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)'
const MONTH_AND_DAY =
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))'
const DAY = `(?:${LEAP_YEAR}-02-29|${YEAR}-${MONTH_AND_DAY})`
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,9})?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)'
export const DATE_PATTERN = `^${DAY}$`
export const DATE_TIME_PATTERN = `^${DAY}T${TIME}$`
/**
 * An instant as `PUT /__sim/clock` and `--now` take it (parseInstant): seconds and fraction optional. Like the
 * date-time's, it cannot say that on the calendar's first and last day the zone decides whether it is in it.
 */
export const INSTANT_PATTERN = `^${DAY}T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$`

/** What the document says of a date, and of a date-time, wherever one appears. */
export const dateMeta = {
  format: 'date',
  pattern: DATE_PATTERN,
  description: `date YYYY-MM-DD: a real day in the years 0001 to ${MAX_YEAR}`,
  examples: ['2026-03-02'],
}
export const dateTimeMeta = {
  format: 'date-time',
  pattern: DATE_TIME_PATTERN,
  description: `ISO 8601 date-time with seconds (at most ${MAX_SECOND_DECIMALS} decimals) and a zone (Z or ±hh:mm), in the years 0001 to ${MAX_YEAR} in UTC`,
  examples: ['2026-03-02T12:00:00.000Z'],
}

/** A calendar date, `YYYY-MM-DD`, that exists (no 2025-02-30), in the years 0001-9999. */
export const IsoDate = z.iso
  .date({ error: 'must be a date in the format YYYY-MM-DD' })
  .check(z.refine(dayInCalendar, { error: `must lie in the years ${MIN_YEAR} to ${MAX_YEAR}` }))
  .clone()
  .register(z.globalRegistry, dateMeta)

/** An ISO 8601 date-time with seconds and a zone (`Z` or `±hh:mm`), in the years 0001-9999 (in UTC). */
export const IsoDateTime = z.iso
  .datetime({
    offset: true,
    error: 'must be an ISO 8601 date-time such as 2026-03-01T12:00:00.000Z',
  })
  .check(
    // What the calendar refuses past zod's format, in its words; skipped where the format already refused.
    z.refine((text) => parseInstant(text) instanceof Date, {
      when: (payload) => payload.issues.length === 0,
      error: (issue) => {
        const instant = parseInstant(String(issue.input))
        return instant instanceof Date ? undefined : instant.problem
      },
    }),
  )
  .clone()
  .register(z.globalRegistry, dateTimeMeta)

/** A date or a date-time: fields the spec types only as "string" but that hold a day. */
export const DateOrDateTime = z.union([IsoDate, IsoDateTime], {
  error: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
})

/** `n` with its thousands grouped by commas, as `toLocaleString('en-US')` writes it without loading ICU's data. */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',')
}

/**
 * The largest amount of money any input may hold. With the largest rate and the most installments below, every
 * derived amount is an exact whole number of cents, far inside what a JavaScript number holds exactly.
 */
export const MAX_MONEY = 1_000_000_000
/** The largest monthly interest rate, in percent a month. */
export const MAX_MONTHLY_INTEREST_PERCENT = 20
/** The most installments a signature contract may have. */
export const MAX_INSTALLMENTS = 600
/** The largest number any other decimal input may hold (shares, percentages, periods, orders). */
export const MAX_DECIMAL = 1_000_000_000_000

/** A non-negative decimal number written as a string, e.g. "1500.00", at most `max` (bounded-decimal-pattern.ts). */
export function decimalString(max: number, example = '1500.00') {
  return z
    .string()
    .check(
      z.regex(/^\d{1,15}(\.\d{1,8})?$/, {
        error: `must be a non-negative decimal number written as a string, such as "${example}"`,
        abort: true, // a malformed value is reported once, not also as out of range
      }),
      z.refine((value) => Number(value) <= max, {
        error: (issue) => `must be at most ${thousands(max)}, got ${JSON.stringify(String(issue.input).slice(0, 40))}`,
      }),
    )
    .clone()
    .register(z.globalRegistry, {
      pattern: boundedDecimalPattern({ max, maxDigits: 15, decimals: 8, leadingZeros: true }),
      examples: [example],
    })
}

/** A non-negative decimal number written as a string, e.g. "1500.00" (at most MAX_DECIMAL). */
export const DecimalString = decimalString(MAX_DECIMAL)
  .clone()
  .register(z.globalRegistry, {
    description: `decimal number written as a string: up to 15 digits, 8 decimals, at most ${thousands(MAX_DECIMAL)}`,
  })

/** An amount of money written as a string, e.g. "1500.00": at most two decimals and MAX_MONEY. */
export const MoneyString = z
  .string()
  .check(
    z.regex(/^\d{1,15}(\.\d{1,2})?$/, {
      error: 'must be an amount of money written as a string with at most two decimals, such as "1500.00"',
      abort: true, // a malformed value is reported once, not also as out of range
    }),
    z.refine((value) => Number(value) <= MAX_MONEY, {
      error: (issue) =>
        `must be at most ${thousands(MAX_MONEY)}.00, got ${JSON.stringify(String(issue.input).slice(0, 40))}`,
    }),
  )
  .clone()
  .register(z.globalRegistry, {
    description: `money written as a string: at most two decimals and ${thousands(MAX_MONEY)}.00`,
    pattern: boundedDecimalPattern({ max: MAX_MONEY, maxDigits: 15, decimals: 2, leadingZeros: true }),
    examples: ['1500.00'],
  })

/** A monthly interest rate in percent written as a string, e.g. "1.5" (at most MAX_MONTHLY_INTEREST_PERCENT). */
export const MonthlyInterestString = decimalString(MAX_MONTHLY_INTEREST_PERCENT, '1.5')
  .clone()
  .register(z.globalRegistry, {
    description: `percent a month written as a string, at most ${MAX_MONTHLY_INTEREST_PERCENT}`,
  })

/** The number of installments written as a string, e.g. "12": a whole number from 1 to MAX_INSTALLMENTS. */
export const InstallmentsString = z
  .string()
  .check(
    z.regex(/^[1-9]\d{0,2}$/, {
      error: `must be a whole number from 1 to ${MAX_INSTALLMENTS} written as a string, such as "12"`,
      abort: true, // "9999" fails both checks: one message says it
    }),
    z.refine((value) => Number(value) <= MAX_INSTALLMENTS, {
      error: (issue) => `must be a whole number from 1 to ${MAX_INSTALLMENTS}, got ${JSON.stringify(issue.input)}`,
    }),
  )
  .clone()
  .register(z.globalRegistry, {
    description: `whole number from 1 to ${MAX_INSTALLMENTS} written as a string`,
    pattern: boundedDecimalPattern({ max: MAX_INSTALLMENTS, maxDigits: 3, decimals: 0, leadingZeros: false }),
    examples: ['12'],
  })

/** A path segment that must be a non-negative integer id; `example` is what the document shows. */
export function integerIdParam(example = '1') {
  return z
    .pipe(
      z
        .string()
        // On the string, not the transform: zod leaves a transform's examples out of an input's JSON Schema.
        .check(z.regex(/^\d{1,15}$/, { error: 'must be an integer id' }))
        .clone()
        .register(z.globalRegistry, { examples: [example] }),
      z.transform(Number),
    )
    .clone()
    .register(z.globalRegistry, { description: 'an integer id, in digits' })
}

/** Query-string booleans: only `true` and `false` are accepted. */
export const BooleanQuery = z.pipe(
  z.enum(['true', 'false'], { error: 'must be true or false' }),
  z.transform((value) => value === 'true'),
)

/**
 * The bounds the generator declares for its dates (generator/*: `*_DAYS_BEFORE`, `*DaysAfter`),
 * which the calendar check of generate-world.ts adds up, hold for the dates it actually draws: every
 * date of users, security tokens, payments and whole worlds lies within them, at small sizes and at
 * the largest counts a world allows (in CI: test/support/property-runs.ts; a world of 1,000,000 debt tokens has 10,000 security tokens, 10
 * payments each, and 10,500 users), and also beyond them. Where a bound is reached exactly, it is.
 */
import { describe, expect, it } from 'vitest'
import { generateWorld, worldReach } from '../../src/model/generate-world.ts'
import { generateUsers, USER_DAYS_BEFORE, userDaysAfter } from '../../src/model/generator/parties.ts'
import { generatePayments, PAYMENT_DAYS_BEFORE, paymentDaysAfter } from '../../src/model/generator/payments.ts'
import {
  generateSecurityTokens,
  SECURITY_TOKEN_DAYS_BEFORE,
  securityTokenDaysAfter,
} from '../../src/model/generator/security-tokens.ts'
import { DAY_MS, type WorldDraws, worldDraws } from '../../src/model/generator/world-draws.ts'
import type { UserRecord } from '../../src/model/records.ts'
import { tableNames } from '../../src/model/world.ts'
import '../support/faker-locale.ts'
import { withLargestInCi } from '../support/property-runs.ts'

/** Not at midnight: ISO days (YYYY-MM-DD) are the day of an instant, which may be earlier in that day. */
const NOW = new Date('2025-06-15T13:45:00.000Z')
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/
/** Fields that hold Unix seconds (a debt token's parcels and its contract). */
const UNIX_SECONDS = new Set(['dueDate', 'unixtime'])

/** Every instant a record holds, in milliseconds: its ISO days and date-times, and its Unix seconds. */
function instantsOf(value: unknown, key = ''): number[] {
  if (typeof value === 'string' && ISO_DATE.test(value)) return [Date.parse(value)]
  if (UNIX_SECONDS.has(key) && (typeof value === 'number' || typeof value === 'string')) return [Number(value) * 1000]
  if (Array.isArray(value)) return value.flatMap((item) => instantsOf(item))
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => instantsOf(v, k))
  return []
}

/** Checks every date of `records` lies within `reach` days of NOW, and answers the earliest and latest. */
function expectWithin(records: readonly unknown[], reach: { before: number; after: number }) {
  const instants = records.flatMap((record) => instantsOf(record))
  expect(instants.length).toBeGreaterThan(0)
  const earliestAllowed = Math.floor((NOW.getTime() - reach.before * DAY_MS) / DAY_MS) * DAY_MS
  const latestAllowed = NOW.getTime() + reach.after * DAY_MS
  const outside = instants.filter((at) => !(at >= earliestAllowed && at <= latestAllowed))
  expect(
    outside.slice(0, 5).map((at) => new Date(at).toISOString()),
    `allowed: ${reach.before} days before, ${reach.after} after`,
  ).toEqual([])
  return {
    earliest: instants.reduce((a, b) => Math.min(a, b)),
    latest: instants.reduce((a, b) => Math.max(a, b)),
  }
}

const daysFromNow = (at: number) => (at - NOW.getTime()) / DAY_MS

function parties(draw: WorldDraws, count: number): UserRecord[] {
  return generateUsers(draw, { count, managers: Math.min(count, 3), adminAddress: draw.address() })
}

describe("a generated world's dates", () => {
  it.each(withLargestInCi([1, 6, 401], [2_000, 10_500]))('of %i users lie within the users’ bounds', (count) => {
    const users = parties(worldDraws(1, NOW), count)
    const { latest } = expectWithin(users, { before: USER_DAYS_BEFORE, after: userDaysAfter(count) })
    if (userDaysAfter(count) > 0) expect(daysFromNow(latest)).toBe(userDaysAfter(count))
  })

  it.each(withLargestInCi([1, 3, 4, 7, 400], [2_500, 10_000]))(
    'of %i security tokens lie within their bounds',
    (count) => {
      const draw = worldDraws(2, NOW)
      const tokens = generateSecurityTokens(draw, { count, users: parties(draw, 6), adminAddress: draw.address() })
      const { earliest } = expectWithin(tokens, {
        before: SECURITY_TOKEN_DAYS_BEFORE,
        after: securityTokenDaysAfter(count),
      })
      expect(daysFromNow(earliest)).toBe(-SECURITY_TOKEN_DAYS_BEFORE)
    },
  )

  it.each(
    withLargestInCi(
      [
        [2, 3],
        [10, 100],
        [200, 50],
      ],
      [
        [40, 300],
        [10, 10_000],
      ],
    ),
  )('of %i payments for each of %i security tokens lie within the payments’ bounds', (perToken, count) => {
    const draw = worldDraws(3, NOW)
    const users = parties(draw, 6)
    const securityTokens = generateSecurityTokens(draw, { count, users, adminAddress: draw.address() })
    const { managerPayments, investorPayments } = generatePayments(draw, { perToken, securityTokens, investors: users })
    const after = paymentDaysAfter(perToken, count)
    const { earliest, latest } = expectWithin([...managerPayments, ...investorPayments], {
      before: PAYMENT_DAYS_BEFORE,
      after,
    })
    // The bounds are the draws' own: the first payment is on the first day, the last on the last.
    expect(daysFromNow(earliest)).toBe(-PAYMENT_DAYS_BEFORE)
    if (after > 0) expect(daysFromNow(latest)).toBe(after)
  })

  it.each(withLargestInCi([0, 60], [2_000]))(
    'of a world of %i debt tokens lie within the reach the calendar check uses',
    (n) => {
      const world = generateWorld({ seed: 4, debtTokens: n, now: NOW })
      const records = tableNames.flatMap((name): readonly unknown[] => world[name])
      expectWithin(records, worldReach(n))
    },
  )
})

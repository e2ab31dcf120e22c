/**
 * Generates a coherent world from a seed (the committed fixtures, `--size n`); the parts are in
 * generator/. Debt tokens and their signature contracts are seeded rows (generator/debt-rows.ts),
 * built when something reads them, so a large world starts fast. world-generator.ts loads this on demand.
 */

import type { Randomizer } from '@faker-js/faker'
import { inCalendar, MAX_INSTANT_MS } from '../contract/instants.ts'
import { DebtRows } from './generator/debt-rows.ts'
import { LOAN_DAYS_AFTER, LOAN_DAYS_BEFORE } from './generator/loan-terms.ts'
import {
  drawUser,
  generateCompanies,
  generateUsers,
  USER_DAYS_BEFORE,
  userDaysAfter,
  userIndexOf,
} from './generator/parties.ts'
import { generatePayments, PAYMENT_DAYS_BEFORE, paymentDaysAfter } from './generator/payments.ts'
import {
  generateSecurityTokens,
  SECURITY_TOKEN_DAYS_BEFORE,
  securityTokenDaysAfter,
} from './generator/security-tokens.ts'
import { DAY_MS, drawsFrom, worldDraws } from './generator/world-draws.ts'
import { GENERATED_SIZE_RULE, isGeneratedSize } from './generator/world-size.ts'
import type { DebtTokenRecord, SignatureContractRecord, UserRecord } from './records.ts'
import { attachSeededRows, type SeededRows } from './table-snapshot.ts'
import type { World } from './world.ts'

export interface GenerateOptions {
  seed: number
  /** Number of debt tokens; everything else scales with it. */
  debtTokens: number
  /** The instant the world is "now" at (statuses, paid parcels and dates are relative to it). */
  now: Date
}

/** How many of each record a world of `n` debt tokens holds besides them. */
function countsOf(n: number) {
  const securityTokenCount = Math.max(3, Math.ceil(n / 100))
  return {
    companyCount: Math.max(8, Math.ceil(n / 8)),
    securityTokenCount,
    // One manager per security token, then investors: one user per 20 tokens up to 10k tokens, and
    // at most 500 investors beyond that (people are the slowest records to fake).
    userCount: Math.max(6, Math.min(Math.ceil(n / 20), securityTokenCount + 500)),
    paymentsPerToken: Math.max(2, Math.ceil(n / securityTokenCount / 10)),
  }
}

const FIRST_INSTANT_MS = Date.parse('0001-01-01T00:00:00.000Z')

/** How many days before and after its now the dates of a generated world of `n` debt tokens reach, at most. */
export function worldReach(n: number): { before: number; after: number } {
  const { securityTokenCount, userCount, paymentsPerToken } = countsOf(n)
  return {
    before: Math.max(USER_DAYS_BEFORE, SECURITY_TOKEN_DAYS_BEFORE, LOAN_DAYS_BEFORE, PAYMENT_DAYS_BEFORE),
    after: Math.max(
      userDaysAfter(userCount),
      securityTokenDaysAfter(securityTokenCount),
      LOAN_DAYS_AFTER,
      paymentDaysAfter(paymentsPerToken, securityTokenCount),
    ),
  }
}

/** Refuses a `now` too close to the calendar's ends for every date the world holds to lie in the years 0001-9999. */
function checkRoom(now: Date, n: number): void {
  const { before, after } = worldReach(n)
  const at = now.getTime()
  if (inCalendar(at - before * DAY_MS) && inCalendar(at + after * DAY_MS)) return
  const earliest = new Date(FIRST_INSTANT_MS + before * DAY_MS).toISOString()
  const latest = new Date(MAX_INSTANT_MS - after * DAY_MS).toISOString()
  throw new RangeError(
    `a generated world of ${n} debt tokens cannot be written at ${Number.isNaN(at) ? String(now) : now.toISOString()}: ` +
      `its dates reach ${before} days before now and ${after} days after it, and the calendar holds the years 0001 to 9999; ` +
      `give a now from ${earliest} to ${latest}`,
  )
}

export function generateWorld(options: GenerateOptions): World {
  const n = options.debtTokens
  if (!isGeneratedSize(n))
    throw new RangeError(`size (a generated world's debt tokens) ${GENERATED_SIZE_RULE}, got ${n}`)
  checkRoom(options.now, n)
  const draw = worldDraws(options.seed, options.now)
  const { companyCount, securityTokenCount, userCount, paymentsPerToken } = countsOf(n)

  const platform = { adminAddress: draw.address() }
  const users = generateUsers(draw, {
    count: userCount,
    managers: securityTokenCount,
    adminAddress: platform.adminAddress,
  })
  const { creditors, debtors } = generateCompanies(draw, companyCount)
  const securityTokens = generateSecurityTokens(draw, {
    count: securityTokenCount,
    users,
    adminAddress: platform.adminAddress,
  })
  const rows = new DebtRows({
    seed: draw.int(0, 0xffffffff),
    size: n,
    now: options.now,
    creditors,
    debtors,
    securityTokens: securityTokens.map((token) => token.contractAddress),
  })
  const payments = generatePayments(draw, {
    perToken: paymentsPerToken,
    securityTokens,
    investors: users.filter((user) => user.role.includes('investor')),
  })
  return withSeededRows(
    { platform, users, securityTokens, ...payments },
    { debtTokens: rows.tokens, signatureContracts: rows.contracts },
  )
}

/** One user drawn like the generated world's, from a simulator's random source (what the factories create). */
export function drawPerson(randomizer: Randomizer, now: Date, person: { role: string[]; daysAgo: number }): UserRecord {
  return drawUser(drawsFrom(randomizer, now), { index: userIndexOf(person.daysAgo), role: person.role })
}

interface SeededTables {
  debtTokens: SeededRows<DebtTokenRecord>
  signatureContracts: SeededRows<SignatureContractRecord>
}

/**
 * A world whose seeded tables are built on demand: reading `world.debtTokens` builds every record,
 * while `snapshotWorld` finds the rows themselves (`seededRowsOf`) and builds none.
 */
function withSeededRows(rest: Omit<World, 'debtTokens' | 'signatureContracts'>, tables: SeededTables): World {
  const world = { ...rest } as World
  attachSeededRows(world, 'debtTokens', tables.debtTokens)
  attachSeededRows(world, 'signatureContracts', tables.signatureContracts)
  return world
}

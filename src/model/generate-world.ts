/**
 * Generates a coherent world from a seed: companies that lend and borrow again and again, security
 * tokens with series and vaults, debt tokens whose parcels follow the Price table and whose status
 * follows their parcels, signature contracts behind them, users with valid CPFs, and the managers'
 * and investors' payments. The committed fixtures were written by it (`npm run fixtures`), and
 * `--size n` builds larger worlds with it at start-up. The parts are in generator/.
 *
 * Parties, security tokens and payments come from one faker stream (generator/world-draws.ts).
 * Debt tokens and their signature contracts are seeded rows (generator/debt-rows.ts), built when
 * something reads them: a 100k-token world starts in well under a second and holds a few dozen
 * megabytes until it is read. This module is what world-generator.ts loads on demand.
 */

import { DebtRows } from './generator/debt-rows.ts'
import { generateCompanies, generateUsers } from './generator/parties.ts'
import { generatePayments } from './generator/payments.ts'
import { generateSecurityTokens } from './generator/security-tokens.ts'
import { worldDraws } from './generator/world-draws.ts'
import type { DebtTokenRecord, SignatureContractRecord } from './records.ts'
import { attachSeededRows, type SeededRows } from './table-snapshot.ts'
import type { World } from './world.ts'

export interface GenerateOptions {
  seed: number
  /** Number of debt tokens; everything else scales with it. */
  debtTokens: number
  /** The instant the world is "now" at (statuses, paid parcels and dates are relative to it). */
  now: Date
}

export function generateWorld(options: GenerateOptions): World {
  const draw = worldDraws(options.seed, options.now)
  const n = options.debtTokens
  const companyCount = Math.max(8, Math.ceil(n / 8))
  const securityTokenCount = Math.max(3, Math.ceil(n / 100))
  // One manager per security token, then investors: one user per 20 tokens up to 10k tokens, and
  // at most 500 investors beyond that (people are the slowest records to fake).
  const userCount = Math.max(6, Math.min(Math.ceil(n / 20), securityTokenCount + 500))

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
    perToken: Math.max(2, Math.ceil(n / securityTokenCount / 10)),
    securityTokens,
    investors: users.filter((user) => user.role.includes('investor')),
  })
  return withSeededRows(
    { platform, users, securityTokens, ...payments },
    { debtTokens: rows.tokens, signatureContracts: rows.contracts },
  )
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

/**
 * The debt tokens and signature contracts factories: a loan built into both by the one debt token
 * builder (domain/debt-token.ts), so both state the same terms. A signature contract opens its debt
 * token awaiting signatures, as POST /debtToken/signature-contract does.
 */
import type { DebtTokenState } from '../contract/control-factory-schemas.ts'
import { MAX_YEAR } from '../contract/instants.ts'
import { addMonths, toIsoDay } from '../domain/calendar.ts'
import { buildDebtToken, type DebtTokenParty } from '../domain/debt-token.ts'
import { debtTokenStatusAt } from '../domain/debt-token-status.ts'
import { loanContract } from '../domain/loan-contract.ts'
import { toCents } from '../domain/money.ts'
import { type LoanTerms, lastDueDate, monthsPerPeriod } from '../domain/price-table.ts'
import type { DebtTokenRecord, SignatureContractRecord } from '../model/records.ts'
import { drawCnpj, instantFrom, int, pick } from './draws.ts'
import { FactoryError, linked } from './factory-error.ts'
import { daysAgoFor, paidParcels, stateOfStatus, statusOf } from './loan-states.ts'
import type { DebtTokenOverrides, SignatureContractOverrides } from './overrides.ts'
import type { RecordBatch } from './record-batch.ts'
import { createSecurityToken } from './security-tokens.ts'

/** Payment frequencies drawn when none is given: monthly three times as often as the others (as generated worlds). */
const FREQUENCIES = ['monthly', 'monthly', 'monthly', 'quarterly', 'bimonthly'] as const
/** Installments of a drawn loan, at least and at most. */
const MIN_INSTALLMENTS = 3
const MAX_INSTALLMENTS = 12
/** Principal, in steps of R$ 100: from R$ 5,000 to R$ 500,000. */
const PRINCIPAL_STEP_CENTS = 10_000
/**
 * What the debt tokens of one call share when their overrides leave them out: one security token,
 * one creditor and one debtor, so that `count: 5` gives five loans of one debtor under one fund.
 */
export interface LoanLinks {
  securityToken?: string
  creditor?: DebtTokenParty
  debtor?: DebtTokenParty
}

interface LoanPlan {
  readonly creditor: DebtTokenParty
  readonly debtor: DebtTokenParty
  readonly type: SignatureContractRecord['type']
  readonly loan: Omit<LoanTerms, 'monthlyRate'>
  readonly monthlyInterests: string
  readonly createdAt: Date
  readonly state: DebtTokenState
  readonly securityTokenAddress: string | null
  readonly tokenAddress: string | undefined
  readonly contractAddress: string | undefined
  /** The field a plan the calendar or the state cannot hold is blamed on. */
  readonly blame: string
}

/** A party's tax id as the world knows it (from a debt token of theirs), if it does. */
function knownTaxId(batch: RecordBatch, role: 'creditor' | 'debtor', address: string): string | undefined {
  const token = batch.where('debtTokens', role, address)[0]
  return token === undefined ? undefined : role === 'creditor' ? token.creditorId : token.debtorId
}

function partyOf(
  batch: RecordBatch,
  links: LoanLinks,
  role: 'creditor' | 'debtor',
  address: string | undefined,
  id: string | undefined,
): DebtTokenParty {
  if (address === undefined)
    return (links[role] ??= { address: batch.random.address(), id: id ?? drawCnpj(batch.random) })
  return { address, id: id ?? knownTaxId(batch, role, address) ?? drawCnpj(batch.random) }
}

function securityTokenOf(
  batch: RecordBatch,
  links: LoanLinks,
  given: string | null | undefined,
  state: DebtTokenState,
): string | null {
  if (given === null) return null
  if (given !== undefined) {
    const token = batch.get('securityTokens', given)
    if (token === undefined)
      throw FactoryError.of(
        'overrides.securityTokenAddress',
        `must name a security token of this world, got "${given}"`,
      )
    return token.contractAddress
  }
  // A loan awaiting signatures belongs to no fund yet (as one opened by a signature contract).
  if (state === 'awaiting') return null
  return (links.securityToken ??= linked(
    'overrides.securityTokenAddress',
    'a security token',
    () => createSecurityToken(batch, {}).contractAddress,
  ))
}

function checkCalendar(plan: LoanPlan, now: Date): void {
  try {
    lastDueDate(plan.loan)
  } catch {
    const { installments, frequency, firstDueDate } = plan.loan
    const which = plan.blame === 'state' ? `a debt token ${plan.state} at the clock's now (${now.toISOString()}) ` : ''
    throw FactoryError.of(
      plan.blame,
      `${which}leaves no room in the calendar: with ${installments} ${frequency} installments from ${firstDueDate} the last would fall after ${MAX_YEAR}-12-31; move the clock (PUT /__sim/clock)`,
    )
  }
}

/** Adds the loan's signature contract and debt token to the batch, checking the token's status against the state. */
function buildLoan(batch: RecordBatch, plan: LoanPlan): { contract: SignatureContractRecord; token: DebtTokenRecord } {
  const { random, now } = batch
  checkCalendar(plan, now)
  const loan = plan.loan
  const contract: SignatureContractRecord = loanContract({
    ...plan,
    address: plan.contractAddress ?? newAddress(batch, 'signatureContracts'),
  })
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const isPaid = paidParcels(plan.state, plan.loan, nowSeconds)
  const token = buildDebtToken(
    {
      loan,
      monthlyInterestRate: plan.monthlyInterests,
      creditor: plan.creditor,
      debtor: plan.debtor,
      createdAt: plan.createdAt,
      signed: plan.state !== 'awaiting',
      listed: plan.state === 'listed',
      ...(isPaid !== undefined && { isPaid }),
      now,
      securityTokenAddress: plan.securityTokenAddress,
    },
    {
      parcelId: random.uuid,
      paymentHash: random.hash,
      signature: random.signature,
      address: () => plan.tokenAddress ?? newAddress(batch, 'debtTokens'),
    },
  )
  const status = debtTokenStatusAt(token, nowSeconds)
  if (status !== statusOf(plan.state)) {
    throw FactoryError.of(
      plan.blame,
      `must leave the debt token ${plan.state} at the clock's now (${now.toISOString()}): with it the token would be ${stateOfStatus(status)}`,
    )
  }
  batch.add('signatureContracts', contract)
  return { contract, token: batch.add('debtTokens', token) }
}

/** An address no record of `table` has yet (drawn again on a repeat, see RecordBatch.drawNew). */
function newAddress(batch: RecordBatch, table: 'debtTokens' | 'signatureContracts'): string {
  return batch.drawNew(`a ${table} address`, batch.random.address, (address) => !batch.has(table, address))
}

function checkNew(batch: RecordBatch, table: 'debtTokens' | 'signatureContracts', field: string, address?: string) {
  if (address !== undefined && batch.has(table, address))
    throw FactoryError.of(field, `must be a new address: ${address} is taken in ${table}`)
}

function drawnTerms(batch: RecordBatch, given: { frequency?: string; principal?: string; rate?: string }) {
  const { random } = batch
  const frequency = (given.frequency ?? pick(random, FREQUENCIES)) as LoanTerms['frequency']
  const installments = int(random, MIN_INSTALLMENTS, MAX_INSTALLMENTS)
  const principalCents =
    given.principal !== undefined ? toCents(given.principal) : int(random, 50, 5000) * PRINCIPAL_STEP_CENTS
  const monthlyInterests = given.rate ?? (int(random, 80, 250) / 100).toFixed(2)
  return { frequency, installments, principalCents, monthlyInterests }
}

export function createDebtToken(
  batch: RecordBatch,
  overrides: DebtTokenOverrides,
  state: DebtTokenState,
  links: LoanLinks,
): DebtTokenRecord {
  checkNew(batch, 'debtTokens', 'overrides.address', overrides.address)
  const securityTokenAddress = securityTokenOf(batch, links, overrides.securityTokenAddress, state)
  const creditor = partyOf(batch, links, 'creditor', overrides.creditorAddress, overrides.creditorId)
  const debtor = partyOf(batch, links, 'debtor', overrides.debtorAddress, overrides.debtorId)
  const terms = drawnTerms(batch, {
    ...(overrides.periodicity !== undefined && { frequency: overrides.periodicity }),
    ...(overrides.originalAmount !== undefined && { principal: overrides.originalAmount }),
    ...(overrides.monthlyInterestRate !== undefined && { rate: overrides.monthlyInterestRate }),
  })
  const createdAt =
    overrides.createdAt !== undefined
      ? new Date(overrides.createdAt)
      : instantFrom(
          batch.now,
          -daysAgoFor(batch.random, state, terms.installments, monthsPerPeriod(terms.frequency)),
          'overrides.createdAt',
        )
  const blame = overrides.createdAt !== undefined ? 'overrides.createdAt' : 'state'
  let firstDueDate: string
  try {
    firstDueDate = addMonths(toIsoDay(createdAt), 1)
  } catch {
    throw FactoryError.of(blame, `leaves no room in the calendar for a first installment after ${toIsoDay(createdAt)}`)
  }
  return buildLoan(batch, {
    creditor,
    debtor,
    type: 'legalPerson',
    loan: {
      principalCents: terms.principalCents,
      installments: terms.installments,
      frequency: terms.frequency,
      firstDueDate,
    },
    monthlyInterests: terms.monthlyInterests,
    createdAt,
    state,
    securityTokenAddress,
    tokenAddress: overrides.address,
    contractAddress: undefined,
    blame,
  }).token
}

export function createSignatureContract(
  batch: RecordBatch,
  overrides: SignatureContractOverrides,
  links: LoanLinks,
): SignatureContractRecord {
  checkNew(batch, 'signatureContracts', 'overrides.signatureContractAddress', overrides.signatureContractAddress)
  const creditor = partyOf(batch, links, 'creditor', overrides.creditorWalletAddress, overrides.creditorId)
  const debtor = partyOf(batch, links, 'debtor', overrides.debtorWalletAddress, overrides.debtorId)
  const terms = drawnTerms(batch, {
    ...(overrides.periodicity !== undefined && { frequency: overrides.periodicity }),
    ...(overrides.debtTotalValue !== undefined && { principal: overrides.debtTotalValue }),
    ...(overrides.monthlyInterests !== undefined && { rate: overrides.monthlyInterests }),
  })
  const { now } = batch
  const blame = 'overrides.firstInstallmentDueDate'
  let firstDueDate = overrides.firstInstallmentDueDate
  try {
    firstDueDate ??= addMonths(toIsoDay(now), 1)
  } catch {
    throw FactoryError.of(
      blame,
      `must be given: the clock's now (${now.toISOString()}) leaves no month after it in the calendar`,
    )
  }
  return buildLoan(batch, {
    creditor,
    debtor,
    type: overrides.type ?? 'legalPerson',
    loan: {
      principalCents: terms.principalCents,
      installments: overrides.installments !== undefined ? Number(overrides.installments) : terms.installments,
      frequency: terms.frequency,
      firstDueDate,
    },
    monthlyInterests: terms.monthlyInterests,
    // Opened now, as POST /debtToken/signature-contract opens it.
    createdAt: now,
    state: 'awaiting',
    securityTokenAddress: null,
    tokenAddress: undefined,
    contractAddress: overrides.signatureContractAddress,
    blame,
  }).contract
}

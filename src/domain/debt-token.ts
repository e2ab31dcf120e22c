/**
 * A debt token put together from its loan: the one place a debt token is built (the signature-contract
 * resolver and the world generator). Random values come in through `DebtTokenDraws`, in the order its
 * doc gives, so each caller keeps its own stream and the same seed gives the same token.
 */
import type { DebtToken } from '../contract/debt-tokens.ts'
import { dayToUnixSeconds } from './calendar.ts'
import { DebtTokenStatus, deriveDebtTokenStatus } from './debt-token-status.ts'
import { formatCents, percentToRate } from './money.ts'
import { type LoanTerms, lastDueDate, schedule } from './price-table.ts'

/**
 * The random values of a debt token, drawn in this order: for each parcel its id, then its payment
 * hash if it is paid; then the creditor's and the debtor's signatures if the token is signed; then
 * the token's address.
 */
export interface DebtTokenDraws {
  /** A parcel's id (a UUID). */
  parcelId(): string
  /** A paid parcel's payment hash (`0x` and 64 hexadecimal characters). */
  paymentHash(): string
  /** A party's signature (`0x` and 130 hexadecimal characters). */
  signature(): string
  address(): string
}

/** A party to the loan: its wallet address and its tax id (CNPJ or CPF, as the contract gives it). */
export interface DebtTokenParty {
  readonly address: string
  readonly id: string
}

export interface DebtTokenTerms {
  /** The loan; its monthly rate is `monthlyInterestRate`. */
  readonly loan: Omit<LoanTerms, 'monthlyRate'>
  /** Percent a month, as the contract writes it ("1.5"). */
  readonly monthlyInterestRate: string
  readonly creditor: DebtTokenParty
  readonly debtor: DebtTokenParty
  readonly createdAt: Date
  /** Whether both parties have signed (the signatures are drawn only then). */
  readonly signed: boolean
  readonly listed: boolean
  /** Whether the parcel due at `dueDate` (Unix seconds) is paid; no parcel is when absent. */
  readonly isPaid?: (dueDate: number) => boolean
  readonly now: Date
  readonly securityTokenAddress: string | null
}

/** A debt token as stored: its wire shape and the security token it backs. */
export type DebtTokenOfLoan = DebtToken & { securityTokenAddress: string | null }

/** What a listed token asks for what is still owed on it: this share of it. */
export const LISTED_ASKING_SHARE = 0.95

const unixSeconds = (instant: Date) => Math.floor(instant.getTime() / 1000)

/** The debt token of a loan, in the stored record's field order. */
export function buildDebtToken(terms: DebtTokenTerms, draws: DebtTokenDraws): DebtTokenOfLoan {
  const loan = { ...terms.loan, monthlyRate: percentToRate(terms.monthlyInterestRate) }
  let owedCents = 0
  let paidCents = 0
  const parcels = schedule(loan).map((row) => {
    const dueDate = dayToUnixSeconds(row.dueDate)
    const isPaid = terms.isPaid?.(dueDate) ?? false
    if (isPaid) paidCents += row.amountCents
    else owedCents += row.amountCents
    const id = draws.parcelId()
    const interest = formatCents(row.interestCents)
    return {
      amount: row.amountCents,
      dueDate,
      id,
      isPaid,
      paymentHash: isPaid ? draws.paymentHash() : '',
      parcelId: row.number,
      currentAmount: formatCents(row.amountCents),
      currentJuros: interest,
      juros: interest,
    }
  })
  const creditorSignature = terms.signed ? draws.signature() : ''
  const debtorSignature = terms.signed ? draws.signature() : ''
  const { signed, listed, creditor, debtor, createdAt } = terms
  const status = deriveDebtTokenStatus({ signed, listed, parcels, now: unixSeconds(terms.now) })
  return {
    address: draws.address(),
    amount: formatCents(owedCents),
    createdAt: createdAt.toISOString(),
    creditorAddress: creditor.address,
    creditorId: creditor.id,
    creditorSignature,
    debtorAddress: debtor.address,
    debtorId: debtor.id,
    debtorSignature,
    listingPrice: formatCents(
      status === DebtTokenStatus.Listed ? Math.round(owedCents * LISTED_ASKING_SHARE) : owedCents,
    ),
    monthlyInterestRate: terms.monthlyInterestRate,
    originalAmount: formatCents(loan.principalCents),
    originalCreditor: creditor.address,
    parcels,
    periodicity: loan.frequency,
    status,
    unixtime: String(unixSeconds(createdAt)),
    lastInstallmentDueDate: lastDueDate(loan),
    amountPaidInstallments: formatCents(paidCents),
    securityTokenAddress: terms.securityTokenAddress,
  }
}

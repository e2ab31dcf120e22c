/**
 * The loan behind each generated debt token, drawn from the start of its row's stream. The limits are
 * narrower than the contract's (formats.ts) to keep the world plausible: small business loans.
 */
import type { PaymentFrequency } from '../../contract/signature-contracts.ts'
import { addMonths, toIsoDay } from '../../domain/calendar.ts'
import type { LoanTerms } from '../../domain/price-table.ts'
import type { Company } from './parties.ts'
import type { RowStream } from './row-stream.ts'
import { DAY_MS } from './world-draws.ts'

/** Drawn uniformly from this list, so monthly three times as often as the others. */
const FREQUENCIES: readonly PaymentFrequency[] = ['monthly', 'monthly', 'monthly', 'quarterly', 'bimonthly']
const MIN_GENERATED_INSTALLMENTS = 3
const MAX_GENERATED_INSTALLMENTS = 12
/** Principal, in steps of PRINCIPAL_STEP_CENTS. */
const PRINCIPAL_STEP_CENTS = 10_000
const MIN_PRINCIPAL_STEPS = 50
const MAX_PRINCIPAL_STEPS = 5000
/** Monthly rate, in hundredths of a percent. */
const MIN_RATE_HUNDREDTHS = 80
const MAX_RATE_HUNDREDTHS = 250
const MIN_SIGNED_DAYS_AGO = 30
const MAX_DAYS_AGO = 360
const MIN_UNSIGNED_DAYS_AGO = 1
const MAX_UNSIGNED_DAYS_AGO = 20
const MONTHS_TO_FIRST_INSTALLMENT = 1
/** The longest period between installments among FREQUENCIES, in months. */
const LONGEST_PERIOD_MONTHS = 3

/** How far generated loans reach before now, in days. */
export const LOAN_DAYS_BEFORE = MAX_DAYS_AGO
/** How far generated loans reach after now, in days: the last installment of the longest loan created today. */
export const LOAN_DAYS_AFTER =
  31 * (MONTHS_TO_FIRST_INSTALLMENT + (MAX_GENERATED_INSTALLMENTS - 1) * LONGEST_PERIOD_MONTHS)

/** The loan terms of a row, as the signature contract and the debt token both state them. */
export interface RowTerms {
  readonly creditor: Company
  readonly debtor: Company
  readonly signed: boolean
  readonly createdAt: Date
  readonly loan: Omit<LoanTerms, 'monthlyRate'>
  /** Percent a month with two decimals ("1.25"). */
  readonly monthlyInterests: string
}

/** Draws a row's terms from `stream`, just past the row's addresses, up to the debt token's own draws. */
export function drawTerms(
  stream: RowStream,
  row: { creditor: Company; debtor: Company; signed: boolean; now: Date },
): RowTerms {
  const frequency = FREQUENCIES[stream.int(0, FREQUENCIES.length - 1)]!
  const installments = stream.int(MIN_GENERATED_INSTALLMENTS, MAX_GENERATED_INSTALLMENTS)
  const principalCents = stream.int(MIN_PRINCIPAL_STEPS, MAX_PRINCIPAL_STEPS) * PRINCIPAL_STEP_CENTS
  const monthlyInterests = (stream.int(MIN_RATE_HUNDREDTHS, MAX_RATE_HUNDREDTHS) / 100).toFixed(2)
  const daysAgo = row.signed
    ? stream.int(MIN_SIGNED_DAYS_AGO, MAX_DAYS_AGO)
    : stream.int(MIN_UNSIGNED_DAYS_AGO, MAX_UNSIGNED_DAYS_AGO)
  const createdAt = new Date(row.now.getTime() - daysAgo * DAY_MS)
  return {
    creditor: row.creditor,
    debtor: row.debtor,
    signed: row.signed,
    createdAt,
    loan: {
      principalCents,
      installments,
      frequency,
      firstDueDate: addMonths(toIsoDay(createdAt), MONTHS_TO_FIRST_INSTALLMENT),
    },
    monthlyInterests,
  }
}

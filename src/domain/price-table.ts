/** The Price table (French amortization): equal installments; gives installment values, last due dates and parcels. */
import type { PaymentFrequency } from '../contract/signature-contracts.ts'
import { addMonths } from './calendar.ts'

const MONTHS_PER_PERIOD: Readonly<Record<PaymentFrequency, number>> = {
  monthly: 1,
  bimonthly: 2,
  quarterly: 3,
  semiannual: 6,
  annual: 12,
}

export function monthsPerPeriod(frequency: PaymentFrequency): number {
  return MONTHS_PER_PERIOD[frequency]
}

export interface LoanTerms {
  principalCents: number
  installments: number
  /** Monthly interest as a fraction (0.015 for 1.5 % a month). */
  monthlyRate: number
  frequency: PaymentFrequency
  /** `YYYY-MM-DD` of the first installment. */
  firstDueDate: string
}

export interface ScheduledInstallment {
  number: number
  dueDate: string
  /** Installment (principal + interest) in cents. */
  amountCents: number
  interestCents: number
  principalCents: number
  /** Balance left after this installment, in cents. */
  balanceCents: number
}

/** The rate of one period, compounding the monthly rate over the period's months. */
export function periodRate(monthlyRate: number, frequency: PaymentFrequency): number {
  return (1 + monthlyRate) ** MONTHS_PER_PERIOD[frequency] - 1
}

/** The equal installment, in cents (rounded to the cent). */
export function installmentCents(terms: LoanTerms): number {
  const rate = periodRate(terms.monthlyRate, terms.frequency)
  if (rate === 0) return Math.round(terms.principalCents / terms.installments)
  return Math.round((terms.principalCents * rate) / (1 - (1 + rate) ** -terms.installments))
}

export function lastDueDate(terms: Pick<LoanTerms, 'installments' | 'frequency' | 'firstDueDate'>): string {
  return addMonths(terms.firstDueDate, (terms.installments - 1) * MONTHS_PER_PERIOD[terms.frequency])
}

/** The whole schedule. The last installment absorbs rounding so the balance ends at exactly zero. */
export function schedule(terms: LoanTerms): ScheduledInstallment[] {
  const rate = periodRate(terms.monthlyRate, terms.frequency)
  const regular = installmentCents(terms)
  const rows: ScheduledInstallment[] = []
  let balance = terms.principalCents
  for (let number = 1; number <= terms.installments; number++) {
    const interest = Math.round(balance * rate)
    const isLast = number === terms.installments
    const principal = isLast ? balance : Math.min(balance, regular - interest)
    balance -= principal
    rows.push({
      number,
      dueDate: addMonths(terms.firstDueDate, (number - 1) * MONTHS_PER_PERIOD[terms.frequency]),
      amountCents: principal + interest,
      interestCents: interest,
      principalCents: principal,
      balanceCents: balance,
    })
  }
  return rows
}

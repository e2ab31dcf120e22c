/** A debt token's age and paid parcels per state, so the status the API derives is the state asked for. */
import type { DebtTokenState } from '../contract/control-factory-schemas.ts'
import { dayToUnixSeconds } from '../domain/calendar.ts'
import { DebtTokenStatus } from '../domain/debt-token-status.ts'
import { type LoanTerms, schedule } from '../domain/price-table.ts'
import type { Random } from '../model/random.ts'
import { int } from './draws.ts'

/** A token awaiting signatures was created this many days ago, at most. */
const MAX_AWAITING_DAYS = 20
/** An overdue token's age in days, at least (its first installment, a month on, is past) and at most. */
const MIN_OVERDUE_DAYS = 33
const MAX_OVERDUE_DAYS = 360
/** A settled token's last installment fell due up to about this many days ago. */
const MAX_SETTLED_DAYS = 180

const STATUS_OF: Readonly<Record<DebtTokenState, number>> = {
  awaiting: DebtTokenStatus.AwaitingSignatures,
  active: DebtTokenStatus.Active,
  listed: DebtTokenStatus.Listed,
  overdue: DebtTokenStatus.Overdue,
  settled: DebtTokenStatus.Settled,
}
const STATE_OF = Object.fromEntries(Object.entries(STATUS_OF).map(([state, status]) => [status, state]))

export const statusOf = (state: DebtTokenState): number => STATUS_OF[state]

export const stateOfStatus = (status: number): string => STATE_OF[status] ?? `status ${status}`

/** How long ago a token in `state` was created, so that its parcels give that state now. */
export function daysAgoFor(random: Random, state: DebtTokenState, installments: number, periodMonths: number): number {
  const months = (installments - 1) * periodMonths
  switch (state) {
    case 'awaiting':
      return int(random, 1, MAX_AWAITING_DAYS)
    case 'active':
    case 'listed':
      // The last installment, a month plus `months` months on (at least 28 days each), still lies ahead.
      return int(random, 1, Math.max(1, 28 * months))
    case 'overdue':
      return int(random, MIN_OVERDUE_DAYS, MAX_OVERDUE_DAYS)
    case 'settled':
      // The last installment (at most 31 days a month on) fell due before now.
      return 31 * (1 + months) + int(random, 1, MAX_SETTLED_DAYS)
  }
}

/**
 * Which parcels are paid: none awaiting signatures, all when settled, those due before now when
 * active or listed; overdue, those due before the latest one past due, which stays unpaid.
 */
export function paidParcels(
  state: DebtTokenState,
  loan: Omit<LoanTerms, 'monthlyRate'>,
  nowSeconds: number,
): ((dueDate: number) => boolean) | undefined {
  switch (state) {
    case 'awaiting':
      return undefined
    case 'settled':
      return () => true
    case 'active':
    case 'listed':
      return (dueDate) => dueDate < nowSeconds
    case 'overdue': {
      const due = schedule({ ...loan, monthlyRate: 0 }).map((row) => dayToUnixSeconds(row.dueDate))
      const latestPast = Math.max(...due.filter((dueDate) => dueDate < nowSeconds))
      return (dueDate) => dueDate < latestPast
    }
  }
}

/** Investor payments: the PUT path's address is the investor's; the answer is {status, message}. */
import { fixtures } from '../support/world.ts'
import { paymentCases } from './payments.shared.ts'
import type { TargetRef } from './run-conformance.ts'

export function investorPaymentCases(target: TargetRef) {
  paymentCases(target, {
    name: 'investor',
    path: '/investor',
    owner: 'investorAddress',
    seeded: fixtures.investorPayments,
    putAddress: (payment) => String(payment.investorAddress),
    updated: (id) => ({ status: 'success', message: `investor payment ${id} updated` }),
  })
}

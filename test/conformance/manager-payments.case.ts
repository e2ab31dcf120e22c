/** Manager payments: the PUT path's address is the security token's; the answer is {success, message}. */
import { fixtures } from '../support/world.ts'
import { paymentCases } from './payments.shared.ts'
import type { TargetRef } from './run-conformance.ts'

export function managerPaymentCases(target: TargetRef) {
  paymentCases(target, {
    name: 'manager',
    path: '/manager',
    owner: 'managerAddress',
    seeded: fixtures.managerPayments,
    putAddress: (payment) => payment.tokenAddress,
    updated: (id) => ({ success: true, message: `manager payment ${id} updated` }),
  })
}

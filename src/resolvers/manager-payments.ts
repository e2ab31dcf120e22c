/** Manager payments: store, list by manager and token, update by security token and id. */

import { sameAddress, samePair, updatePayment, withPaymentFields } from './payments.ts'
import type { ResolverTable } from './resolver.ts'

export const managerPaymentResolvers: ResolverTable<
  'createManagerPayment' | 'listManagerPayments' | 'updateManagerPayment'
> = {
  async createManagerPayment({ body }, context) {
    const id = context.model.nextId('managerPayments')
    await context.model.managerPayments.insert(
      withPaymentFields({ id, managerAddress: body.managerAddress }, body, context),
    )
    return { status: 'success', message: `manager payment ${id} stored`, id }
  },

  listManagerPayments: ({ params }, context) =>
    context.model.managerPayments.where('managerAndToken', samePair(params.address, params.tokenAddress)),

  async updateManagerPayment({ params, body }, context) {
    await updatePayment(
      context,
      'managerPayments',
      params.id,
      (payment) => sameAddress(payment.tokenAddress, params.address),
      `manager payment ${params.id} not found for security token ${params.address}`,
      body,
    )
    return { success: true, message: `manager payment ${params.id} updated` }
  },
}

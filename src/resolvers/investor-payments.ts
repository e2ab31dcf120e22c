/** Investor payments: store, list by investor and token, update by investor and id. */

import { sameAddress, samePair, updatePayment, withPaymentFields } from './payments.ts'
import type { ResolverTable } from './resolver.ts'

export const investorPaymentResolvers: ResolverTable<
  'createInvestorPayment' | 'listInvestorPayments' | 'updateInvestorPayment'
> = {
  async createInvestorPayment({ body }, context) {
    const id = context.model.nextId('investorPayments')
    await context.model.investorPayments.insert(
      withPaymentFields({ id, investorAddress: body.investorAddress }, body, context),
    )
    return { status: 'success', message: `investor payment ${id} stored`, id }
  },

  listInvestorPayments: ({ params }, context) =>
    context.model.investorPayments.where('investorAndToken', samePair(params.address, params.tokenAddress)),

  async updateInvestorPayment({ params, body }, context) {
    await updatePayment(
      context,
      'investorPayments',
      params.id,
      (payment) => sameAddress(payment.investorAddress, params.address),
      `investor payment ${params.id} not found for investor ${params.address}`,
      body,
    )
    return { status: 'success', message: `investor payment ${params.id} updated` }
  },
}

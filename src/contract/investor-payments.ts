/**
 * Investor payments: payment records of an investor in a security token.
 */
import * as z from 'zod'
import { Address, IntegerIdParam } from './formats.ts'
import { PaymentStored } from './manager-payments.ts'
import { defineOperation } from './operation.ts'
import { PaymentUpdate, paymentCreationFields, paymentOutputFields, seriesSpellingsAgree } from './payment-fields.ts'

export const InvestorPaymentInput = z
  .object({ investorAddress: Address, tokenAddress: Address, ...paymentCreationFields })
  .superRefine(seriesSpellingsAgree)
  .meta({ id: 'InvestorPaymentInput' })

export const InvestorPayment = z
  .object({ investorAddress: z.string(), ...paymentOutputFields })
  .meta({ id: 'InvestorPayment' })
export type InvestorPayment = z.infer<typeof InvestorPayment>

export const investorPaymentOperations = [
  defineOperation({
    id: 'createInvestorPayment',
    group: 'investorPayments',
    method: 'POST',
    path: '/investor',
    summary: 'Store an investor payment',
    body: InvestorPaymentInput,
    response: PaymentStored,
    errors: [400],
  }),
  defineOperation({
    id: 'listInvestorPayments',
    group: 'investorPayments',
    method: 'GET',
    path: '/investor/{address}/{tokenAddress}',
    summary: "List an investor's payments for a token",
    params: z.object({ address: Address, tokenAddress: Address }),
    response: z.array(InvestorPayment),
    errors: [400],
  }),
  defineOperation({
    id: 'updateInvestorPayment',
    group: 'investorPayments',
    method: 'PUT',
    path: '/investor/{address}/{id}',
    summary: "Update an investor payment; `address` is the investor's address",
    params: z.object({ address: Address, id: IntegerIdParam }),
    body: PaymentUpdate,
    response: z.object({ status: z.string(), message: z.string() }).meta({ id: 'InvestorPaymentUpdated' }),
    errors: [400, 404],
  }),
] as const

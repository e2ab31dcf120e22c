/**
 * Investor payments: payment records of an investor in a security token.
 */
import * as z from 'zod'
import { answer } from './answer-formats.ts'
import { Address, IntegerIdParam } from './formats.ts'
import { PaymentStored } from './manager-payments.ts'
import { defineOperation } from './operation.ts'
import {
  PaymentUpdate,
  paymentCreationFields,
  paymentOutputFields,
  SERIES_SPELLINGS_RULE,
  seriesSpellingsAgree,
  seriesSpellingsAgreeSchema,
} from './payment-fields.ts'

export const InvestorPaymentInput = z
  .object({
    investorAddress: Address.meta({ description: "the investor's ADDRESS" }),
    tokenAddress: Address.meta({ description: "the security token's ADDRESS" }),
    ...paymentCreationFields,
  })
  .superRefine(seriesSpellingsAgree)
  .meta({
    id: 'InvestorPaymentInput',
    description: SERIES_SPELLINGS_RULE,
    ...seriesSpellingsAgreeSchema,
    examples: [
      {
        investorAddress: '0xc5334c1c09ac0e51a18eb035832004012ac107c8',
        tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
        amount: 1100,
        series: 'SENIOR',
        type: 'JUROS',
      },
    ],
  })

export const InvestorPayment = z
  .object({ investorAddress: answer.address("the investor's ADDRESS"), ...paymentOutputFields })
  .meta({ id: 'InvestorPayment' })
export type InvestorPayment = z.infer<typeof InvestorPayment>

export const investorPaymentOperations = [
  defineOperation({
    id: 'createInvestorPayment',
    group: 'investorPayments',
    method: 'POST',
    path: '/investor',
    summary: 'Store an investor payment',
    description: `Stores a payment to an investor in a security token and answers its new id. Without \`status\` it is PENDING, without \`date\` dated at the clock's now. ${SERIES_SPELLINGS_RULE}`,
    body: InvestorPaymentInput,
    response: PaymentStored,
    errors: {},
    links: {
      listInvestorPayments: {
        operationId: 'listInvestorPayments',
        parameters: { address: '$request.body#/investorAddress', tokenAddress: '$request.body#/tokenAddress' },
        description: "The investor's payments for this token, the new one last.",
      },
      updateInvestorPayment: {
        operationId: 'updateInvestorPayment',
        parameters: { address: '$request.body#/investorAddress', id: '$response.body#/id' },
        description: 'Update the new payment (by investor and id).',
      },
    },
  }),
  defineOperation({
    id: 'listInvestorPayments',
    group: 'investorPayments',
    method: 'GET',
    path: '/investor/{address}/{tokenAddress}',
    summary: "List an investor's payments for a token",
    description:
      'Answers the payments stored for this investor and security token, oldest first; an empty array when there are none. Addresses are matched without regard to case.',
    params: z.object({
      address: Address.meta({ description: "the investor's ADDRESS" }),
      tokenAddress: Address.meta({ description: "the security token's ADDRESS" }),
    }),
    response: z.array(InvestorPayment),
    errors: {},
  }),
  defineOperation({
    id: 'updateInvestorPayment',
    group: 'investorPayments',
    method: 'PUT',
    path: '/investor/{address}/{id}',
    summary: "Update an investor payment; `address` is the investor's address",
    description:
      "Replaces the payment's hash, date, status and amount. The path names the investor the payment belongs to and the payment id a creation answered.",
    params: z.object({
      address: Address.meta({ description: "the investor's ADDRESS (the payment's investorAddress)" }),
      id: IntegerIdParam.meta({ description: 'the payment id, as its creation answered' }),
    }),
    body: PaymentUpdate,
    response: z
      .object({
        status: z.string().meta({ enum: ['success'] }),
        message: answer.text('what was updated', 'investor payment 7 updated'),
      })
      .meta({ id: 'InvestorPaymentUpdated' }),
    errors: {
      400: 'the status change is not allowed: PAID and CANCELED are final',
      404: 'no payment has this id for this investor',
    },
  }),
] as const

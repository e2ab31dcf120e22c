/**
 * Manager payments: payment records a security token's manager stores, lists and updates.
 */
import * as z from 'zod'
import { answer } from './answer-formats.ts'
import { Address, IntegerIdParam } from './formats.ts'
import { defineOperation } from './operation.ts'
import {
  PaymentUpdate,
  paymentCreationFields,
  paymentOutputFields,
  SERIES_SPELLINGS_RULE,
  seriesSpellingsAgree,
  seriesSpellingsAgreeSchema,
} from './payment-fields.ts'

export const ManagerPaymentInput = z
  .object({
    managerAddress: Address.meta({ description: "the manager's ADDRESS" }),
    tokenAddress: Address.meta({ description: "the security token's ADDRESS" }),
    ...paymentCreationFields,
  })
  .superRefine(seriesSpellingsAgree)
  .meta({
    id: 'ManagerPaymentInput',
    description: SERIES_SPELLINGS_RULE,
    ...seriesSpellingsAgreeSchema,
    examples: [
      {
        managerAddress: '0x111927677a5a4fc8c2f1f755d13d4cde055a175e',
        tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
        amount: 1500,
        serie: 'SENIOR',
        type: 'JUROS',
      },
    ],
  })

export const ManagerPayment = z
  .object({ managerAddress: answer.address("the manager's ADDRESS"), ...paymentOutputFields })
  .meta({ id: 'ManagerPayment' })
export type ManagerPayment = z.infer<typeof ManagerPayment>

export const PaymentStored = z
  .object({
    status: z.string().meta({ enum: ['success'] }),
    message: answer.text('what was stored', 'manager payment 7 stored'),
    id: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'the new payment id, what an update names', examples: [7] }),
  })
  .meta({ id: 'PaymentStored' })

export const managerPaymentOperations = [
  defineOperation({
    id: 'createManagerPayment',
    group: 'managerPayments',
    method: 'POST',
    path: '/manager',
    summary: 'Store a manager payment',
    description: `Stores a payment of a security token's manager and answers its new id. Without \`status\` it is PENDING, without \`date\` dated at the clock's now. ${SERIES_SPELLINGS_RULE}`,
    body: ManagerPaymentInput,
    response: PaymentStored,
    errors: {},
    links: {
      listManagerPayments: {
        operationId: 'listManagerPayments',
        parameters: { address: '$request.body#/managerAddress', tokenAddress: '$request.body#/tokenAddress' },
        description: "The manager's payments for this token, the new one last.",
      },
      updateManagerPayment: {
        operationId: 'updateManagerPayment',
        parameters: { address: '$request.body#/tokenAddress', id: '$response.body#/id' },
        description: 'Update the new payment (by security token and id).',
      },
    },
  }),
  defineOperation({
    id: 'listManagerPayments',
    group: 'managerPayments',
    method: 'GET',
    path: '/manager/{address}/{tokenAddress}',
    summary: "List a manager's payments for a token",
    description:
      'Answers the payments stored for this manager and security token, oldest first; an empty array when there are none. Addresses are matched without regard to case.',
    params: z.object({
      address: Address.meta({ description: "the manager's ADDRESS" }),
      tokenAddress: Address.meta({ description: "the security token's ADDRESS" }),
    }),
    response: z.array(ManagerPayment),
    errors: {},
  }),
  defineOperation({
    id: 'updateManagerPayment',
    group: 'managerPayments',
    method: 'PUT',
    path: '/manager/{address}/{id}',
    summary: 'Update a manager payment; `address` is the security token address',
    description:
      "Replaces the payment's hash, date, status and amount. The path names the security token the payment belongs to (not the manager, as the spec says) and the payment id a creation answered.",
    params: z.object({
      address: Address.meta({ description: "the security token's ADDRESS (the payment's tokenAddress)" }),
      id: IntegerIdParam.meta({ description: 'the payment id, as its creation answered' }),
    }),
    body: PaymentUpdate,
    response: z
      .object({ success: z.boolean(), message: answer.text('what was updated', 'manager payment 7 updated') })
      .meta({ id: 'ManagerPaymentUpdated' }),
    errors: {
      400: 'the status change is not allowed: PAID and CANCELED are final',
      404: 'no payment has this id for this security token',
    },
  }),
] as const

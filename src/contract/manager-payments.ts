/**
 * Manager payments: payment records a security token's manager stores, lists and updates.
 */
import * as z from 'zod'
import { Address, IntegerIdParam } from './formats.ts'
import { defineOperation } from './operation.ts'
import { PaymentUpdate, paymentCreationFields, paymentOutputFields, seriesSpellingsAgree } from './payment-fields.ts'

export const ManagerPaymentInput = z
  .object({ managerAddress: Address, tokenAddress: Address, ...paymentCreationFields })
  .superRefine(seriesSpellingsAgree)
  .meta({ id: 'ManagerPaymentInput' })

export const ManagerPayment = z
  .object({ managerAddress: z.string(), ...paymentOutputFields })
  .meta({ id: 'ManagerPayment' })
export type ManagerPayment = z.infer<typeof ManagerPayment>

export const PaymentStored = z
  .object({ status: z.string(), message: z.string(), id: z.number().int() })
  .meta({ id: 'PaymentStored' })

export const managerPaymentOperations = [
  defineOperation({
    id: 'createManagerPayment',
    group: 'managerPayments',
    method: 'POST',
    path: '/manager',
    summary: 'Store a manager payment',
    body: ManagerPaymentInput,
    response: PaymentStored,
    errors: [400],
  }),
  defineOperation({
    id: 'listManagerPayments',
    group: 'managerPayments',
    method: 'GET',
    path: '/manager/{address}/{tokenAddress}',
    summary: "List a manager's payments for a token",
    params: z.object({ address: Address, tokenAddress: Address }),
    response: z.array(ManagerPayment),
    errors: [400],
  }),
  defineOperation({
    id: 'updateManagerPayment',
    group: 'managerPayments',
    method: 'PUT',
    path: '/manager/{address}/{id}',
    summary: 'Update a manager payment; `address` is the security token address',
    params: z.object({ address: Address, id: IntegerIdParam }),
    body: PaymentUpdate,
    response: z.object({ success: z.boolean(), message: z.string() }).meta({ id: 'ManagerPaymentUpdated' }),
    errors: [400, 404],
  }),
] as const

/**
 * Debt tokens and their parcels: the read-only queries by security token (manager), debtor and
 * creditor. Every query answers an array, empty when nothing matches.
 */
import * as z from 'zod'
import { Address } from './formats.ts'
import { defineOperation } from './operation.ts'

export const Parcel = z
  .object({
    amount: z.number().int(),
    dueDate: z.number().int(),
    id: z.string(),
    isPaid: z.boolean(),
    paymentHash: z.string(),
    parcelId: z.number().int(),
    currentAmount: z.string(),
    currentJuros: z.string(),
    juros: z.string(),
  })
  .meta({ id: 'Parcel' })
export type Parcel = z.infer<typeof Parcel>

export const DebtToken = z
  .object({
    address: z.string(),
    amount: z.string(),
    createdAt: z.string(),
    creditorAddress: z.string(),
    creditorId: z.string(),
    creditorSignature: z.string(),
    debtorAddress: z.string(),
    debtorId: z.string(),
    debtorSignature: z.string(),
    listingPrice: z.string(),
    monthlyInterestRate: z.string(),
    originalAmount: z.string(),
    originalCreditor: z.string(),
    parcels: z.array(Parcel),
    periodicity: z.string(),
    status: z.number().int(),
    unixtime: z.string(),
    lastInstallmentDueDate: z.string(),
    amountPaidInstallments: z.string(),
  })
  .meta({ id: 'DebtToken' })
export type DebtToken = z.infer<typeof DebtToken>

const DebtTokenList = z.array(DebtToken)

export const debtTokenOperations = [
  defineOperation({
    id: 'listSecurityTokenDebtTokens',
    group: 'debtTokens',
    method: 'GET',
    path: '/manager/debt-tokens/{securityTokenAddress}',
    summary: 'List the debt tokens of a security token',
    params: z.object({ securityTokenAddress: Address }),
    response: DebtTokenList,
    errors: [400],
  }),
  defineOperation({
    id: 'getSecurityTokenDebtToken',
    group: 'debtTokens',
    method: 'GET',
    path: '/manager/debt-tokens/{securityTokenAddress}/{debtTokenAddress}',
    summary: 'One debt token of a security token, as an array',
    params: z.object({ securityTokenAddress: Address, debtTokenAddress: Address }),
    response: DebtTokenList,
    errors: [400],
  }),
  defineOperation({
    id: 'listDebtorDebtTokens',
    group: 'debtTokens',
    method: 'GET',
    path: '/debtToken/debtor/{address}',
    summary: "List a debtor's debt tokens",
    params: z.object({ address: Address }),
    response: DebtTokenList,
    errors: [400],
  }),
  defineOperation({
    id: 'getDebtorDebtToken',
    group: 'debtTokens',
    method: 'GET',
    path: '/debtToken/debtor/{address}/{tokenAddress}',
    summary: "One of a debtor's debt tokens, as an array",
    params: z.object({ address: Address, tokenAddress: Address }),
    response: DebtTokenList,
    errors: [400],
  }),
  defineOperation({
    id: 'listCreditorDebtTokens',
    group: 'debtTokens',
    method: 'GET',
    path: '/debtToken/creditor/{address}',
    summary: "List all of a creditor's debt tokens (the spec's text: tokenAddress omitted)",
    params: z.object({ address: Address }),
    response: DebtTokenList,
    errors: [400],
  }),
  defineOperation({
    id: 'getCreditorDebtToken',
    group: 'debtTokens',
    method: 'GET',
    path: '/debtToken/creditor/{address}/{tokenAddress}',
    summary: "One of a creditor's debt tokens, as an array",
    params: z.object({ address: Address, tokenAddress: Address }),
    response: DebtTokenList,
    errors: [400],
  }),
] as const

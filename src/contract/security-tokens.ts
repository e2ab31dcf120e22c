/**
 * Security tokens (with their series): list, create, update and delete.
 */
import * as z from 'zod'
import { Address, BooleanQuery, DateOrDateTime, DecimalString, MAX_MONEY } from './formats.ts'
import { defineOperation } from './operation.ts'

export const Series = z
  .object({
    name: z.string(),
    collectionType: z.string(),
    vault: z.string(),
    numberOfQuotas: z.number(),
    seriesAmount: z.number(),
    unitPrice: z.number(),
    percentageIssuance: z.number(),
    accountRemuneration: z.number(),
    gracePeriod: z.number(),
    paymentPeriodicity: z.number(),
    interestPaymentSchedule: z.number(),
    amortizationSchedule: z.number(),
  })
  .meta({ id: 'Series' })
export type Series = z.infer<typeof Series>

export const SecurityToken = z
  .object({
    contractAddress: z.string(),
    managerAddress: z.string(),
    managerSignature: z.string(),
    adminAddress: z.string(),
    vaultAddresses: z.array(z.string()),
    instrument: z.string(),
    segment: z.string(),
    concentration: z.string(),
    totalInvestmentAmount: z.number(),
    expired: z.boolean(),
    createdAt: z.string(),
    expirationDate: z.string(),
    tokenName: z.string(),
    symbol: z.string(),
    emissionAmount: z.number(),
    maxExpirationDate: z.string(),
    emissionEndDate: z.string(),
    acceptedRebatePercentage: z.number(),
    series: z.array(Series),
  })
  .meta({ id: 'SecurityToken' })
export type SecurityToken = z.infer<typeof SecurityToken>

/** Series as the creation input carries it: every field a string; numeric ones hold decimals. */
export const SeriesInput = z
  .object({
    name: z.string().min(1).max(100).optional(),
    type: z.string().max(100).optional(),
    emissionPercentage: DecimalString.optional(),
    remuneration: DecimalString.optional(),
    seriesAmount: DecimalString.optional(),
    sharesAmount: DecimalString.optional(),
    unitPrice: DecimalString.optional(),
    interestMonthLack: DecimalString.optional(),
    interestPaymentPeriodicity: DecimalString.optional(),
    interestAllocationOrder: DecimalString.optional(),
    amortizationPaymentPeriodicity: DecimalString.optional(),
    amortizationAllocationOrder: DecimalString.optional(),
  })
  .meta({ id: 'SeriesInput' })
export type SeriesInput = z.infer<typeof SeriesInput>

export const SecurityTokenInput = z
  .object({
    data: z.object({
      instrument: z.string().max(200).optional(),
      segment: z.string().max(200).optional(),
      concentration: z.string().max(200).optional(),
      emissionAmount: DecimalString.optional(),
      emissionEndDate: DateOrDateTime.optional(),
      maxExpirationDate: DateOrDateTime.optional(),
      maxAcquisitionPrice: DecimalString.optional(),
      series: z.array(SeriesInput).max(20).optional(),
    }),
  })
  .meta({ id: 'SecurityTokenInput' })
export type SecurityTokenInput = z.infer<typeof SecurityTokenInput>

export const SecurityTokenCreated = z
  .object({ contractAddress: z.string(), managerAddress: z.string(), vaultAddresses: z.array(z.string()) })
  .meta({ id: 'SecurityTokenCreated' })

/** PUT body: the spec leaves the fields open; these are the editable ones (all optional). */
export const SecurityTokenUpdate = z
  .object({
    instrument: z.string().max(200).optional(),
    segment: z.string().max(200).optional(),
    concentration: z.string().max(200).optional(),
    tokenName: z.string().min(1).max(200).optional(),
    symbol: z.string().min(1).max(20).optional(),
    expirationDate: DateOrDateTime.optional(),
    maxExpirationDate: DateOrDateTime.optional(),
    emissionEndDate: DateOrDateTime.optional(),
    acceptedRebatePercentage: z.number().finite().min(0).max(100).optional(),
    /** An investment to add to totalInvestmentAmount. */
    investmentAmount: z
      .number()
      .finite()
      .positive()
      .max(MAX_MONEY, { error: `must be at most ${MAX_MONEY.toLocaleString('en-US')}` })
      .optional(),
  })
  .meta({ id: 'SecurityTokenUpdate' })
export type SecurityTokenUpdate = z.infer<typeof SecurityTokenUpdate>

export const securityTokenOperations = [
  defineOperation({
    id: 'listSecurityTokens',
    group: 'securityTokens',
    method: 'GET',
    path: '/securityToken',
    summary: 'List security tokens, optionally only those open on the marketplace or one by address',
    query: z.object({ marketplace: BooleanQuery.optional(), contractAddress: Address.optional() }),
    response: z.array(SecurityToken),
    errors: [400],
  }),
  defineOperation({
    id: 'createSecurityToken',
    group: 'securityTokens',
    method: 'POST',
    path: '/securityToken',
    summary: 'Create a security token with its series',
    body: SecurityTokenInput,
    response: SecurityTokenCreated,
    errors: [400],
  }),
  defineOperation({
    id: 'deleteSecurityToken',
    group: 'securityTokens',
    method: 'DELETE',
    path: '/securityToken',
    summary: 'Delete a security token',
    query: z.object({ contractAddress: Address }),
    response: z.object({ success: z.boolean(), message: z.string() }).meta({ id: 'SecurityTokenDeleted' }),
    errors: [400, 404],
  }),
  defineOperation({
    id: 'updateSecurityToken',
    group: 'securityTokens',
    method: 'PUT',
    path: '/securityToken/{contractAddress}',
    summary: 'Update a security token',
    params: z.object({ contractAddress: Address }),
    body: SecurityTokenUpdate,
    bodyOptional: true,
    response: z
      .object({ success: z.boolean(), message: z.string(), totalInvestmentAmount: z.number() })
      .meta({ id: 'SecurityTokenUpdated' }),
    errors: [400, 404],
  }),
] as const

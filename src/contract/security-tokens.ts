/** Security tokens (with their series): list, create, update and delete; inputs are in security-token-inputs.ts. */
import * as z from 'zod/mini'
import { answer } from './answer-formats.ts'
import { Address, BooleanQuery } from './formats.ts'
import { defineOperation } from './operation.ts'
import { SecurityTokenInput, SecurityTokenUpdate } from './security-token-inputs.ts'

/** A number an answer carries, never negative (checked, not only documented), with what it is and an example. */
const amount = (description: string, example: number) =>
  z
    .number()
    .check(z.gte(0))
    .clone()
    .register(z.globalRegistry, { description, examples: [example] })

export const Series = z.lazy(() =>
  z
    .object({
      name: answer.text('the series name, as given', 'SENIOR'),
      collectionType: answer.text('its type, as given (type)', 'SENIOR'),
      vault: answer.address("the series' vault"),
      numberOfQuotas: amount('quotas issued (sharesAmount)', 15500),
      seriesAmount: amount('the amount issued, in reais (seriesAmount)', 15500000),
      unitPrice: amount('price of a quota, in reais (unitPrice)', 1000),
      percentageIssuance: amount('percent of the emission (emissionPercentage)', 100),
      accountRemuneration: amount('remuneration, percent (remuneration)', 1.1),
      gracePeriod: amount('months before interest is paid (interestMonthLack)', 0),
      paymentPeriodicity: amount('months between interest payments (interestPaymentPeriodicity)', 1),
      interestPaymentSchedule: amount('interest allocation order (interestAllocationOrder)', 1),
      amortizationSchedule: amount('amortization allocation order (amortizationAllocationOrder)', 1),
    })
    .register(z.globalRegistry, {
      id: 'Series',
      description: 'A series as stored: the creation fields it came from are named in brackets.',
    }),
)
export type Series = z.infer<typeof Series>

export const SecurityToken = z.lazy(() =>
  z
    .object({
      contractAddress: answer.address("the security token's ADDRESS"),
      managerAddress: answer.address("the manager's ADDRESS: whoever created it"),
      managerSignature: answer.signature("the manager's signature"),
      adminAddress: answer.address("the platform administrator's ADDRESS"),
      vaultAddresses: z
        .array(answer.address('a vault'))
        .clone()
        .register(z.globalRegistry, { description: 'one vault per series' }),
      instrument: answer.text('the instrument, as given', 'FIDC'),
      segment: answer.text('the segment, as given', 'Agronegócio'),
      concentration: answer.text('the concentration, as given', 'Pulverizada'),
      totalInvestmentAmount: amount('investments added so far (investmentAmount of updates), in reais', 9920000),
      expired: z
        .boolean()
        .clone()
        .register(z.globalRegistry, { description: "whether expirationDate has passed on the simulator's clock" }),
      createdAt: answer.dateTime('when it was created'),
      expirationDate: answer.dayOrInstant('when it expires; maxExpirationDate when created'),
      tokenName: answer.text('its name: the instrument and the symbol unless updated', 'FIDC Agronegócio STNYJU'),
      symbol: answer.text('its symbol: ST and four letters unless updated', 'STNYJU'),
      emissionAmount: amount('the emission, in reais: as given, else the sum of the series amounts', 15500000),
      maxExpirationDate: answer.dayOrInstant('the latest expiration; five years after creation unless given'),
      emissionEndDate: answer.dayOrInstant('when the emission closes; 90 days after creation unless given'),
      acceptedRebatePercentage: z
        .number()
        .check(z.gte(0), z.lte(100))
        .clone()
        .register(z.globalRegistry, { examples: [9] }),
      series: z.array(Series),
    })
    .register(z.globalRegistry, { id: 'SecurityTokenRecord' }),
)
export type SecurityToken = z.infer<typeof SecurityToken>

export const SecurityTokenCreated = z.lazy(() =>
  z
    .object({
      contractAddress: answer.address("the new security token's ADDRESS"),
      managerAddress: answer.address("the manager's ADDRESS: the caller's wallet"),
      vaultAddresses: z
        .array(answer.address('a vault'))
        .clone()
        .register(z.globalRegistry, { minItems: 1, description: 'one vault per series (one at least)' }),
    })
    .register(z.globalRegistry, { id: 'SecurityTokenCreated' }),
)

export const securityTokenOperations = [
  defineOperation({
    id: 'listSecurityTokens',
    group: 'securityTokens',
    method: 'GET',
    path: '/securityToken',
    summary: 'List security tokens, optionally only those open on the marketplace or one by address',
    description:
      "Answers every security token, or with `contractAddress` the one at that ADDRESS (an empty array when there is none). With `marketplace=true` only those still on offer: not expired and with the emission still open on the simulator's clock.",
    query: z.lazy(() =>
      z.object({
        marketplace: z.optional(BooleanQuery).clone().register(z.globalRegistry, {
          description: 'true: only tokens not expired whose emission has not ended; false or absent: all',
        }),
        contractAddress: z
          .optional(Address)
          .clone()
          .register(z.globalRegistry, { description: 'only the security token at this ADDRESS' }),
      }),
    ),
    response: z.array(SecurityToken),
    errors: {},
  }),
  defineOperation({
    id: 'createSecurityToken',
    group: 'securityTokens',
    method: 'POST',
    path: '/securityToken',
    summary: 'Create a security token with its series',
    description:
      'Creates a security token managed by the caller (the wallet its Bearer token stands for: the token itself when it is an ADDRESS, else an address derived from it), with one vault per series (one at least), a symbol ST and four letters, and the dates it was not given: emission end 90 days and maximum expiration five years after now. Answers its ADDRESS, manager and vaults.',
    body: SecurityTokenInput,
    response: SecurityTokenCreated,
    errors: {},
    links: {
      listSecurityTokens: {
        operationId: 'listSecurityTokens',
        parameters: { contractAddress: '$response.body#/contractAddress' },
        description: 'Read the new security token back (a one-element array).',
      },
      updateSecurityToken: {
        operationId: 'updateSecurityToken',
        parameters: { contractAddress: '$response.body#/contractAddress' },
        description: 'Update the new security token.',
      },
      deleteSecurityToken: {
        operationId: 'deleteSecurityToken',
        parameters: { contractAddress: '$response.body#/contractAddress' },
        description: 'Delete the new security token.',
      },
    },
  }),
  defineOperation({
    id: 'deleteSecurityToken',
    group: 'securityTokens',
    method: 'DELETE',
    path: '/securityToken',
    summary: 'Delete a security token',
    description:
      'Deletes the security token at `contractAddress`; its debt tokens are no longer listed under it. Reads of it then answer 404 or an empty array.',
    query: z.lazy(() =>
      z.object({
        contractAddress: Address.clone().register(z.globalRegistry, {
          description: 'the ADDRESS of the security token to delete',
        }),
      }),
    ),
    response: z.lazy(() =>
      z
        .object({
          success: z.boolean(),
          message: answer.text('what was deleted', 'security token 0x2cf5faf964d51725a1efdd632ab2a990f3f155c3 deleted'),
        })
        .register(z.globalRegistry, { id: 'SecurityTokenDeleted' }),
    ),
    errors: { 404: 'no security token has this address' },
  }),
  defineOperation({
    id: 'updateSecurityToken',
    group: 'securityTokens',
    method: 'PUT',
    path: '/securityToken/{contractAddress}',
    summary: 'Update a security token',
    description:
      'Replaces the fields the body gives and adds `investmentAmount` to `totalInvestmentAmount`; answers the new total. A request without a body changes nothing.',
    params: z.lazy(() =>
      z.object({
        // A security token of the seeded world (fixtures/): the documented request updates a real one.
        contractAddress: Address.clone().register(z.globalRegistry, {
          description: "the security token's ADDRESS",
          examples: ['0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'],
        }),
      }),
    ),
    body: SecurityTokenUpdate,
    bodyOptional: true,
    response: z.lazy(() =>
      z
        .object({
          success: z.boolean(),
          message: answer.text('what was updated', 'security token 0x2cf5faf964d51725a1efdd632ab2a990f3f155c3 updated'),
          totalInvestmentAmount: amount('the total invested after this update, in reais', 9970000),
        })
        .register(z.globalRegistry, { id: 'SecurityTokenUpdated' }),
    ),
    errors: { 404: 'no security token has this address' },
  }),
] as const

/** Debt tokens and their parcels: read-only queries, each answering an array, empty when nothing matches. */
import * as z from 'zod/mini'
import { answer } from './answer-formats.ts'
import { Address } from './formats.ts'
import { defineOperation } from './operation.ts'
import { PaymentFrequency } from './signature-contracts.ts'

/**
 * What the integer `status` of a debt token means (the spec leaves it open), code by code; the
 * domain derives it (domain/debt-token-status.ts, which a unit test keeps to these codes).
 */
export const DEBT_TOKEN_STATUS_CODES = [
  { code: 0, name: 'AwaitingSignatures', meaning: 'created from a signature contract; not yet signed by both parties' },
  { code: 1, name: 'Active', meaning: 'signed; installments are being paid' },
  { code: 2, name: 'Listed', meaning: 'offered for sale on the marketplace at listingPrice' },
  { code: 3, name: 'Settled', meaning: 'every parcel is paid' },
  { code: 4, name: 'Overdue', meaning: "an unpaid parcel's due date has passed" },
] as const

export const Parcel = z.lazy(() =>
  z
    .object({
      amount: z
        .number()
        .check(z.int(), z.gte(0))
        .clone()
        .register(z.globalRegistry, { description: 'the installment, in cents', examples: [10230642] }),
      dueDate: z
        .number()
        .check(z.int())
        .clone()
        .register(z.globalRegistry, {
          description: 'due day, 00:00 UTC, in seconds since 1970-01-01T00:00:00Z',
          examples: [1755302400],
        }),
      id: answer.uuid("the parcel's id"),
      isPaid: z.boolean(),
      paymentHash: answer.hashOrEmpty('the HASH of the payment, or "" while unpaid'),
      parcelId: z
        .number()
        .check(z.int(), z.gte(1))
        .clone()
        .register(z.globalRegistry, { description: 'its number in the schedule, from 1', examples: [1] }),
      currentAmount: answer.money('the installment'),
      currentJuros: answer.money('its interest part'),
      juros: answer.money('its interest part'),
    })
    .register(z.globalRegistry, { id: 'Parcel' }),
)
export type Parcel = z.infer<typeof Parcel>

export const DebtToken = z.lazy(() =>
  z
    .object({
      address: answer.address("the debt token's ADDRESS"),
      amount: answer.money('what the debtor owes in all'),
      createdAt: answer.dateTime('when it was created'),
      creditorAddress: answer.address("the creditor's wallet"),
      creditorId: answer.text('the creditor\'s CNPJ, or ""', '93.178.779/6241-65'),
      creditorSignature: answer.signatureOrEmpty("the creditor's signature"),
      debtorAddress: answer.address("the debtor's wallet"),
      debtorId: answer.text('the debtor\'s CNPJ, or ""', '85.487.709/6859-76'),
      debtorSignature: answer.signatureOrEmpty("the debtor's signature"),
      listingPrice: answer.money('the asking price on the marketplace'),
      monthlyInterestRate: answer.decimal('percent a month'),
      originalAmount: answer.money('the principal lent'),
      originalCreditor: answer.address('the first creditor'),
      parcels: z
        .array(Parcel)
        .clone()
        .register(z.globalRegistry, { description: 'the installments, in schedule order' }),
      periodicity: z
        .enum(PaymentFrequency.options)
        .clone()
        .register(z.globalRegistry, { description: 'how often an installment falls due' }),
      status: z
        .literal(DEBT_TOKEN_STATUS_CODES.map((status) => status.code))
        .clone()
        .register(z.globalRegistry, {
          type: 'integer',
          description: `derived on every read from the signatures, the parcels and the clock: ${DEBT_TOKEN_STATUS_CODES.map((status) => `${status.code} ${status.name} (${status.meaning})`).join('; ')}`,
          'x-enum-varnames': DEBT_TOKEN_STATUS_CODES.map((status) => status.name),
          'x-enum-descriptions': DEBT_TOKEN_STATUS_CODES.map((status) => status.meaning),
        }),
      unixtime: answer.unixSecondsText('when it was created'),
      lastInstallmentDueDate: answer.date('the last due day'),
      amountPaidInstallments: answer.money('what the paid parcels add up to'),
    })
    .register(z.globalRegistry, { id: 'DebtToken' }),
)
export type DebtToken = z.infer<typeof DebtToken>

const DebtTokenList = z.array(DebtToken)

/** Path parameter descriptions; the examples name a seeded debt token, so a documented request reads a real one. */
const seeded = {
  securityToken: {
    description: "the security token's ADDRESS",
    examples: ['0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'],
  },
  debtToken: { description: "the debt token's ADDRESS", examples: ['0x669ceff98ca65c9324428e3376442f831f762de4'] },
  debtor: { description: "the debtor's wallet ADDRESS", examples: ['0x6a6f2600eeaf9b9374b8acecba79460b25953512'] },
  creditor: { description: "the creditor's wallet ADDRESS", examples: ['0x8433f170bf1b30f38a39b74d6aad6f3027109d24'] },
}

export const debtTokenOperations = [
  defineOperation({
    id: 'listSecurityTokenDebtTokens',
    group: 'debtTokens',
    method: 'GET',
    path: '/manager/debt-tokens/{securityTokenAddress}',
    summary: 'List the debt tokens of a security token',
    description:
      'Answers the debt tokens that back this security token; an empty array when it has none or does not exist.',
    params: z.lazy(() =>
      z.object({ securityTokenAddress: Address.clone().register(z.globalRegistry, seeded.securityToken) }),
    ),
    response: DebtTokenList,
    errors: {},
  }),
  defineOperation({
    id: 'getSecurityTokenDebtToken',
    group: 'debtTokens',
    method: 'GET',
    path: '/manager/debt-tokens/{securityTokenAddress}/{debtTokenAddress}',
    summary: 'One debt token of a security token, as an array',
    description:
      'Answers an array with this debt token when it backs this security token, else an empty array (as the spec answers every debt-token query with an array).',
    params: z.lazy(() =>
      z.object({
        securityTokenAddress: Address.clone().register(z.globalRegistry, seeded.securityToken),
        debtTokenAddress: Address.clone().register(z.globalRegistry, seeded.debtToken),
      }),
    ),
    response: DebtTokenList,
    errors: {},
  }),
  defineOperation({
    id: 'listDebtorDebtTokens',
    group: 'debtTokens',
    method: 'GET',
    path: '/debtToken/debtor/{address}',
    summary: "List a debtor's debt tokens",
    description: 'Answers the debt tokens whose debtor is this wallet; an empty array when there are none.',
    params: z.lazy(() => z.object({ address: Address.clone().register(z.globalRegistry, seeded.debtor) })),
    response: DebtTokenList,
    errors: {},
  }),
  defineOperation({
    id: 'getDebtorDebtToken',
    group: 'debtTokens',
    method: 'GET',
    path: '/debtToken/debtor/{address}/{tokenAddress}',
    summary: "One of a debtor's debt tokens, as an array",
    description: 'Answers an array with this debt token when this wallet is its debtor, else an empty array.',
    params: z.lazy(() =>
      z.object({
        address: Address.clone().register(z.globalRegistry, seeded.debtor),
        tokenAddress: Address.clone().register(z.globalRegistry, seeded.debtToken),
      }),
    ),
    response: DebtTokenList,
    errors: {},
  }),
  defineOperation({
    id: 'listCreditorDebtTokens',
    group: 'debtTokens',
    method: 'GET',
    path: '/debtToken/creditor/{address}',
    summary: "List all of a creditor's debt tokens (the spec's text: tokenAddress omitted)",
    description: 'Answers the debt tokens whose creditor is this wallet; an empty array when there are none.',
    params: z.lazy(() => z.object({ address: Address.clone().register(z.globalRegistry, seeded.creditor) })),
    response: DebtTokenList,
    errors: {},
  }),
  defineOperation({
    id: 'getCreditorDebtToken',
    group: 'debtTokens',
    method: 'GET',
    path: '/debtToken/creditor/{address}/{tokenAddress}',
    summary: "One of a creditor's debt tokens, as an array",
    description: 'Answers an array with this debt token when this wallet is its creditor, else an empty array.',
    params: z.lazy(() =>
      z.object({
        address: Address.clone().register(z.globalRegistry, seeded.creditor),
        tokenAddress: Address.clone().register(z.globalRegistry, seeded.debtToken),
      }),
    ),
    response: DebtTokenList,
    errors: {},
  }),
] as const

/** Signature contracts: creating one (which also creates its debt token) and reading it back. */
import * as z from 'zod/mini'
import { answer } from './answer-formats.ts'
import { Address, InstallmentsString, IsoDate, MoneyString, MonthlyInterestString } from './formats.ts'
import { MAX_YEAR } from './instants.ts'
import { defineOperation } from './operation.ts'

/** Party types. The spec shows `legalPerson`; `naturalPerson` is its counterpart. */
export const PartyType = z
  .enum(['legalPerson', 'naturalPerson'], {
    error: 'must be one of legalPerson, naturalPerson',
  })
  .clone()
  .register(z.globalRegistry, { description: 'legalPerson (a company, CNPJ) or naturalPerson (a person, CPF)' })

/** Payment frequencies a signature contract may use; each maps to a period in months. */
export const PaymentFrequency = z
  .enum(['monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual'], {
    error: 'must be one of monthly, bimonthly, quarterly, semiannual, annual',
  })
  .clone()
  .register(z.globalRegistry, { description: 'an installment every 1, 2, 3, 6 or 12 months' })
export type PaymentFrequency = z.infer<typeof PaymentFrequency>

/** Creation input: every field optional, as the spec says; present fields must be well-formed. */
export const SignatureContractInput = z.lazy(() =>
  z
    .object({
      creditorWalletAddress: z.optional(Address),
      creditorCnpj: z
        .optional(z.string().check(z.maxLength(32)))
        .clone()
        .register(z.globalRegistry, { examples: ['93.178.779/6241-65'] }),
      debtorWalletAddress: z.optional(Address),
      debtorCnpj: z
        .optional(z.string().check(z.maxLength(32)))
        .clone()
        .register(z.globalRegistry, { examples: ['85.487.709/6859-76'] }),
      type: z.optional(PartyType),
      debtTotalValue: z.optional(MoneyString),
      installments: z.optional(InstallmentsString),
      firstInstallmentDueDate: z.optional(IsoDate),
      paymentFrequency: z.optional(PaymentFrequency),
      monthlyInterests: z.optional(MonthlyInterestString),
      installmentValue: z.optional(MoneyString),
    })
    .register(z.globalRegistry, {
      id: 'SignatureContractInput',
      description:
        'Every field is optional. With `debtTotalValue`, `installments` and `firstInstallmentDueDate` the contract has loan terms; with both wallet addresses as well it opens a debt token.',
      examples: [
        {
          creditorWalletAddress: '0x8433f170bf1b30f38a39b74d6aad6f3027109d24',
          creditorCnpj: '93.178.779/6241-65',
          debtorWalletAddress: '0x6a6f2600eeaf9b9374b8acecba79460b25953512',
          debtorCnpj: '85.487.709/6859-76',
          type: 'legalPerson',
          debtTotalValue: '388800.00',
          installments: '4',
          firstInstallmentDueDate: '2026-04-02',
          paymentFrequency: 'monthly',
          monthlyInterests: '2.08',
        },
      ],
    }),
)
export type SignatureContractInput = z.infer<typeof SignatureContractInput>

export const SignatureContractCreated = z.lazy(() =>
  z
    .object({ signatureContractAddress: answer.address("the new contract's ADDRESS") })
    .register(z.globalRegistry, { id: 'SignatureContractCreated' }),
)

/** Read output: every field a string, "" for what the creation did not give or derive. */
export const SignatureContract = z.lazy(() =>
  z
    .object({
      creditorWalletAddress: answer.addressOrEmpty("the creditor's wallet"),
      creditorId: answer.text('the creditor\'s CNPJ as given (creditorCnpj), or ""', '93.178.779/6241-65'),
      debtorWalletAddress: answer.addressOrEmpty("the debtor's wallet"),
      debtorId: answer.text('the debtor\'s CNPJ as given (debtorCnpj), or ""', '85.487.709/6859-76'),
      type: z
        .enum([...PartyType.options, ''])
        .clone()
        .register(z.globalRegistry, { description: 'the party type as given, or ""' }),
      debtTotalValue: answer.money('the principal as given', true),
      installments: z
        .string()
        .clone()
        .register(z.globalRegistry, {
          pattern: '^(?:[1-9]\\d{0,2})?$',
          description: 'the number of installments as given, or ""',
          examples: ['4'],
        }),
      firstInstallmentDueDate: answer.dateOrEmpty('the first due date as given'),
      lastInstallmentDueDate: answer.dateOrEmpty('the last due date, derived from the loan terms'),
      periodicity: z
        .enum([...PaymentFrequency.options, ''])
        .clone()
        .register(z.globalRegistry, {
          description:
            'paymentFrequency as given; monthly when a contract with loan terms gave none; "" without loan terms',
        }),
      monthlyInterests: answer.decimal('percent a month as given; "0" when a contract with loan terms gave none', true),
      installmentValue: answer.money('as given, or derived with the Price table from the loan terms', true),
      signatureContractAddress: answer.address("the contract's ADDRESS"),
    })
    .register(z.globalRegistry, { id: 'SignatureContractRecord' }),
)
export type SignatureContract = z.infer<typeof SignatureContract>

export const signatureContractOperations = [
  defineOperation({
    id: 'createSignatureContract',
    group: 'signatureContracts',
    method: 'POST',
    path: '/debtToken/signature-contract',
    summary: 'Create a signature contract; its debt token is created with it',
    description: [
      'Stores a signature contract and answers its new ADDRESS. Every field is optional, as the spec says; what is not given reads back as `""`.',
      '',
      'With `debtTotalValue`, `installments` and `firstInstallmentDueDate` the contract has loan terms: the installments follow the Price table (equal installments at `monthlyInterests` percent a month, default 0, one every `paymentFrequency` period, default monthly), which gives `lastInstallmentDueDate` and, when it is not given, `installmentValue`.',
      '',
      'With loan terms and both wallet addresses, the contract also opens a debt token between them (status 0, awaiting signatures, every parcel unpaid), listed by the debtor and creditor reads. A debt token weighs one record plus one per parcel against the capacity (507).',
    ].join('\n'),
    body: SignatureContractInput,
    response: SignatureContractCreated,
    errors: {
      400: `the installments would fall due after ${MAX_YEAR}-12-31 (the calendar's last day), counted from firstInstallmentDueDate`,
    },
    links: {
      getSignatureContract: {
        operationId: 'getSignatureContract',
        parameters: { address: '$response.body#/signatureContractAddress' },
        description: 'Read the contract back.',
      },
    },
  }),
  defineOperation({
    id: 'getSignatureContract',
    group: 'signatureContracts',
    method: 'GET',
    path: '/debtToken/signature-contract/{address}',
    summary: 'Read a signature contract by its address',
    description:
      'Answers the stored contract. The address is matched without regard to case; any text up to 200 characters is looked up (the spec does not restrict it to an ADDRESS), so an unknown one is a 404, a longer one a 400.',
    params: z.lazy(() =>
      z.object({
        address: z
          .string()
          .check(z.minLength(1), z.maxLength(200))
          .clone()
          .register(z.globalRegistry, {
            description:
              "the contract's ADDRESS, signatureContractAddress (a URL cannot carry . or .. as a path segment)",
            not: { enum: ['.', '..'] },
            examples: ['0x166f18ad2c248c177ad57af5faebc1a08f484fd3'],
          }),
      }),
    ),
    response: SignatureContract,
    errors: { 404: 'no signature contract has this address' },
  }),
] as const

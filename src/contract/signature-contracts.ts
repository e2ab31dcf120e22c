/**
 * Signature contracts: creating one (which also creates its debt token) and reading it back.
 */
import * as z from 'zod'
import { Address, InstallmentsString, IsoDate, MoneyString, MonthlyInterestString } from './formats.ts'
import { defineOperation } from './operation.ts'

/** Party types. The spec shows `legalPerson`; `naturalPerson` is its counterpart. */
export const PartyType = z.enum(['legalPerson', 'naturalPerson'], {
  error: 'must be one of legalPerson, naturalPerson',
})

/** Payment frequencies a signature contract may use; each maps to a period in months. */
export const PaymentFrequency = z.enum(['monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual'], {
  error: 'must be one of monthly, bimonthly, quarterly, semiannual, annual',
})
export type PaymentFrequency = z.infer<typeof PaymentFrequency>

/** Creation input: every field optional, as the spec says; present fields must be well-formed. */
export const SignatureContractInput = z
  .object({
    creditorWalletAddress: Address.optional(),
    creditorCnpj: z.string().max(32).optional(),
    debtorWalletAddress: Address.optional(),
    debtorCnpj: z.string().max(32).optional(),
    type: PartyType.optional(),
    debtTotalValue: MoneyString.optional(),
    installments: InstallmentsString.optional(),
    firstInstallmentDueDate: IsoDate.optional(),
    paymentFrequency: PaymentFrequency.optional(),
    monthlyInterests: MonthlyInterestString.optional(),
    installmentValue: MoneyString.optional(),
  })
  .meta({ id: 'SignatureContractInput' })
export type SignatureContractInput = z.infer<typeof SignatureContractInput>

export const SignatureContractCreated = z
  .object({ signatureContractAddress: z.string() })
  .meta({ id: 'SignatureContractCreated' })

/** Read output: every field a string. */
export const SignatureContract = z
  .object({
    creditorWalletAddress: z.string(),
    creditorId: z.string(),
    debtorWalletAddress: z.string(),
    debtorId: z.string(),
    type: z.string(),
    debtTotalValue: z.string(),
    installments: z.string(),
    firstInstallmentDueDate: z.string(),
    lastInstallmentDueDate: z.string(),
    periodicity: z.string(),
    monthlyInterests: z.string(),
    installmentValue: z.string(),
    signatureContractAddress: z.string(),
  })
  .meta({ id: 'SignatureContract' })
export type SignatureContract = z.infer<typeof SignatureContract>

export const signatureContractOperations = [
  defineOperation({
    id: 'createSignatureContract',
    group: 'signatureContracts',
    method: 'POST',
    path: '/debtToken/signature-contract',
    summary: 'Create a signature contract; its debt token is created with it',
    body: SignatureContractInput,
    response: SignatureContractCreated,
    errors: [400],
  }),
  defineOperation({
    id: 'getSignatureContract',
    group: 'signatureContracts',
    method: 'GET',
    path: '/debtToken/signature-contract/{address}',
    summary: 'Read a signature contract by its address',
    params: z.object({ address: z.string().min(1).max(200) }),
    response: SignatureContract,
    errors: [404],
  }),
] as const

/**
 * What a factory call may set on the records it creates: per table, the stored record's own fields,
 * each optional, in the contract's input formats where the record is looser. Derived fields are
 * refused with what to give instead, so a created record is always coherent. These schemas type
 * `simulator.create.<table>()` and validate the control route and a scenario's `world.create` alike.
 */
import * as z from 'zod/mini'
import {
  DateOrDateTime,
  InstallmentsString,
  IsoDate,
  IsoDateTime,
  MoneyString,
  MonthlyInterestString,
} from '../contract/formats.ts'
import { PaymentAmount } from '../contract/payment-fields.ts'
import { strict, unwrap } from '../contract/schema-forms.ts'
import { PartyType, PaymentFrequency } from '../contract/signature-contracts.ts'
import {
  DebtTokenRecord,
  InvestorPaymentRecord,
  ManagerPaymentRecord,
  SecurityTokenRecord,
  UserRecord,
} from '../model/records.ts'

/** A tax id as a contract or a debt token carries it (a CNPJ, formatted or not). */
const TaxId = z.string().check(z.maxLength(32))

/**
 * The type of a field the simulator derives: no value a user writes has it, so the compiler's error
 * names the field as derived and says what to give instead: `Type 'number' is not assignable to
 * type 'DerivedField<"from the signatures, the parcels and the clock; ask for a state">'`.
 */
export interface DerivedField<Why extends string> {
  readonly 'derived, not set': Why
}

/**
 * A field the simulator derives: present, it is refused with `why`. Its input type is the
 * DerivedField that carries `why` into the compiler's message; nothing ever parses to a value.
 */
function derived<const Why extends string>(why: Why) {
  return z
    .optional(z.custom<never>(() => false, { error: `is derived: ${why}` }))
    .clone()
    .register(z.globalRegistry, { description: `derived, not set: ${why}`, not: {} }) as unknown as z.ZodMiniOptional<
    z.ZodMiniType<never, DerivedField<Why>>
  >
}

export const DebtTokenOverrides = z.lazy(() => {
  const debtToken = unwrap(DebtTokenRecord).shape
  return z.extend(
    z.partial(
      z.strictObject({
        address: debtToken.address,
        createdAt: IsoDateTime,
        creditorAddress: debtToken.creditorAddress,
        creditorId: TaxId,
        debtorAddress: debtToken.debtorAddress,
        debtorId: TaxId,
        monthlyInterestRate: MonthlyInterestString,
        originalAmount: MoneyString,
        periodicity: PaymentFrequency,
        securityTokenAddress: debtToken.securityTokenAddress,
      }),
    ),
    {
      amount: derived('what is still owed, from the parcels; ask for a state'),
      amountPaidInstallments: derived('from the parcels paid; ask for a state'),
      creditorSignature: derived('drawn once the token is signed (every state but awaiting)'),
      debtorSignature: derived('drawn once the token is signed (every state but awaiting)'),
      lastInstallmentDueDate: derived('from createdAt, the periodicity and the parcels'),
      listingPrice: derived('what is owed, less a discount when listed; ask for the state listed'),
      originalCreditor: derived('the creditor the token was created for: give creditorAddress'),
      parcels: derived('the Price table of originalAmount, monthlyInterestRate and periodicity; ask for a state'),
      status: derived('from the signatures, the parcels and the clock; ask for a state'),
      unixtime: derived('createdAt in Unix seconds: give createdAt'),
    },
  )
})

export const SignatureContractOverrides = z.lazy(() =>
  z.extend(
    z.partial(
      z.strictObject({
        creditorWalletAddress: unwrap(DebtTokenRecord).shape.creditorAddress,
        creditorId: TaxId,
        debtorWalletAddress: unwrap(DebtTokenRecord).shape.debtorAddress,
        debtorId: TaxId,
        type: PartyType,
        debtTotalValue: MoneyString,
        installments: InstallmentsString,
        firstInstallmentDueDate: IsoDate,
        periodicity: PaymentFrequency,
        monthlyInterests: MonthlyInterestString,
        signatureContractAddress: unwrap(DebtTokenRecord).shape.address,
      }),
    ),
    {
      lastInstallmentDueDate: derived('from firstInstallmentDueDate, installments and periodicity'),
      installmentValue: derived('the Price table of debtTotalValue, installments and monthlyInterests'),
    },
  ),
)

export const UserOverrides = z.lazy(() => {
  const user = unwrap(UserRecord).shape
  return z.partial(
    z.extend(unwrap(UserRecord), {
      personalData: strict(z.partial(unwrap(user.personalData))),
      residentialAddress: strict(z.partial(unwrap(user.residentialAddress))),
    }),
  )
})

export const SecurityTokenOverrides = z.lazy(() => {
  const securityToken = unwrap(SecurityTokenRecord).shape
  return z.extend(
    z.partial(
      z.extend(unwrap(SecurityTokenRecord), {
        series: z
          .array(strict(z.partial(securityToken.series._zod.def.element)))
          .check(z.minLength(1), z.maxLength(20))
          .clone()
          .register(z.globalRegistry, {
            description: 'one to twenty series; each field left out is drawn, a series without vault gets one',
          }),
        // Dates as PUT /securityToken takes them (the record keeps any text): the drawn ones are ordered against them.
        expirationDate: DateOrDateTime,
        maxExpirationDate: DateOrDateTime,
        emissionEndDate: DateOrDateTime,
      }),
    ),
    { vaultAddresses: derived("the series' vaults, in order: give series[i].vault") },
  )
})

const paymentId = derived('assigned by the simulator from one past the highest id, as POST /manager and /investor do')

export const ManagerPaymentOverrides = z.lazy(() =>
  z.extend(z.partial(z.extend(unwrap(ManagerPaymentRecord), { amount: PaymentAmount })), { id: paymentId }),
)

export const InvestorPaymentOverrides = z.lazy(() =>
  z.extend(z.partial(z.extend(unwrap(InvestorPaymentRecord), { amount: PaymentAmount })), { id: paymentId }),
)

export const overrideSchemas = {
  signatureContracts: SignatureContractOverrides,
  users: UserOverrides,
  debtTokens: DebtTokenOverrides,
  securityTokens: SecurityTokenOverrides,
  managerPayments: ManagerPaymentOverrides,
  investorPayments: InvestorPaymentOverrides,
}

export type DebtTokenOverrides = z.output<typeof DebtTokenOverrides>
export type SignatureContractOverrides = z.output<typeof SignatureContractOverrides>
export type UserOverrides = z.output<typeof UserOverrides>
export type SecurityTokenOverrides = z.output<typeof SecurityTokenOverrides>
export type ManagerPaymentOverrides = z.output<typeof ManagerPaymentOverrides>
export type InvestorPaymentOverrides = z.output<typeof InvestorPaymentOverrides>

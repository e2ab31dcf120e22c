/**
 * Stored records and the tables that hold them: the wire shape with stricter formats, plus the few
 * links the wire shape does not carry; fields derived at read time are not stored.
 */
import * as z from 'zod/mini'
import { DebtToken, Parcel } from '../contract/debt-tokens.ts'
import { Address, Hash, IsoDateTime } from '../contract/formats.ts'
import { InvestorPayment, ManagerPayment } from '../contract/payments.ts'
import { strict, unwrap } from '../contract/schema-forms.ts'
import { SecurityToken, Series } from '../contract/security-tokens.ts'
import { SignatureContract } from '../contract/signature-contracts.ts'
import { User } from '../contract/users.ts'
import { defineTable, normalizeKey } from './table-spec.ts'

const HashOrEmpty = z.union([Hash, z.literal('')], { error: 'must be a HASH or "" (unpaid)' })

export const SignatureContractRecord = z.lazy(() => strict(unwrap(SignatureContract)))
export type SignatureContractRecord = z.infer<typeof SignatureContractRecord>

export const UserRecord = z.lazy(() => strict(z.extend(unwrap(User), { walletAddress: Address })))
export type UserRecord = z.infer<typeof UserRecord>

const ParcelRecord = z.lazy(() => strict(z.extend(unwrap(Parcel), { paymentHash: HashOrEmpty })))

export const DebtTokenRecord = z.lazy(() =>
  strict(
    z.extend(unwrap(DebtToken), {
      address: Address,
      creditorAddress: Address,
      debtorAddress: Address,
      originalCreditor: Address,
      parcels: z.array(ParcelRecord),
      /** The security token this debt token backs; null until one takes it. */
      securityTokenAddress: z.nullable(Address),
    }),
  ),
)
export type DebtTokenRecord = z.infer<typeof DebtTokenRecord>

export const SecurityTokenRecord = z.lazy(() =>
  strict(
    z.extend(z.omit(unwrap(SecurityToken), { expired: true }), {
      contractAddress: Address,
      managerAddress: Address,
      adminAddress: Address,
      vaultAddresses: z.array(Address),
      series: z.array(strict(z.extend(unwrap(Series), { vault: Address }))),
      createdAt: IsoDateTime,
    }),
  ),
)
export type SecurityTokenRecord = z.infer<typeof SecurityTokenRecord>

export const ManagerPaymentRecord = z.lazy(() =>
  strict(
    z.extend(unwrap(ManagerPayment), {
      managerAddress: Address,
      tokenAddress: Address,
      hash: z.optional(Hash),
      date: IsoDateTime,
    }),
  ),
)
export type ManagerPaymentRecord = z.infer<typeof ManagerPaymentRecord>

export const InvestorPaymentRecord = z.lazy(() =>
  strict(
    z.extend(unwrap(InvestorPayment), {
      investorAddress: Address,
      tokenAddress: Address,
      hash: z.optional(Hash),
      date: IsoDateTime,
    }),
  ),
)
export type InvestorPaymentRecord = z.infer<typeof InvestorPaymentRecord>

const pair = (a: string, b: string) => `${normalizeKey(a)}|${normalizeKey(b)}`

export const tables = {
  signatureContracts: defineTable<SignatureContractRecord>({
    name: 'signatureContracts',
    schema: SignatureContractRecord,
    key: (record) => normalizeKey(record.signatureContractAddress),
    indexes: {},
  }),
  users: defineTable<UserRecord>({
    name: 'users',
    schema: UserRecord,
    key: (record) => record.id.toLowerCase(),
    indexes: { walletAddress: (record) => normalizeKey(record.walletAddress) },
  }),
  debtTokens: defineTable<DebtTokenRecord>({
    name: 'debtTokens',
    schema: DebtTokenRecord,
    key: (record) => normalizeKey(record.address),
    // A parcel is stored like a small record: 600 of them weigh what 600 payments do.
    weight: (record) => 1 + record.parcels.length,
    indexes: {
      creditor: (record) => normalizeKey(record.creditorAddress),
      debtor: (record) => normalizeKey(record.debtorAddress),
      securityToken: (record) =>
        record.securityTokenAddress === null ? null : normalizeKey(record.securityTokenAddress),
    },
  }),
  securityTokens: defineTable<SecurityTokenRecord>({
    name: 'securityTokens',
    schema: SecurityTokenRecord,
    key: (record) => normalizeKey(record.contractAddress),
    indexes: {},
  }),
  managerPayments: defineTable<ManagerPaymentRecord>({
    name: 'managerPayments',
    schema: ManagerPaymentRecord,
    key: (record) => String(record.id),
    indexes: { managerAndToken: (record) => pair(record.managerAddress, record.tokenAddress) },
  }),
  investorPayments: defineTable<InvestorPaymentRecord>({
    name: 'investorPayments',
    schema: InvestorPaymentRecord,
    key: (record) => String(record.id),
    indexes: { investorAndToken: (record) => pair(record.investorAddress, record.tokenAddress) },
  }),
}

interface RecordTypes {
  signatureContracts: SignatureContractRecord
  users: UserRecord
  debtTokens: DebtTokenRecord
  securityTokens: SecurityTokenRecord
  managerPayments: ManagerPaymentRecord
  investorPayments: InvestorPaymentRecord
}
export type TableName = keyof RecordTypes
export type RecordOf<N extends TableName> = RecordTypes[N]

/** The key a pair index files a record under. */
export { pair as pairKey }

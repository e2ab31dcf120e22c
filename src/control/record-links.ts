/**
 * The links of a stored record to the records it refers to, for browsing the world. A link names
 * one record by key (only when it exists) or a search of a table (`q`), which the table routes answer.
 */
import type { Model } from '../model/model.ts'
import type {
  DebtTokenRecord,
  InvestorPaymentRecord,
  ManagerPaymentRecord,
  RecordOf,
  SecurityTokenRecord,
  SignatureContractRecord,
  TableName,
  UserRecord,
} from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'

/** Tables at most this large are scanned record by record; larger ones (generated worlds) only through keys and indexes. */
export const SCAN_LIMIT = 20_000

export interface RecordLink {
  readonly label: string
  readonly table: TableName
  readonly key: string | null
  readonly q: string | null
}

function toRecord(model: Model, label: string, table: TableName, key: string | null): RecordLink[] {
  if (key === null || key === '' || !model[table].has(normalizeKey(key))) return []
  return [{ label, table, key: normalizeKey(key), q: null }]
}

const search = (label: string, table: TableName, q: string): RecordLink[] =>
  q === '' ? [] : [{ label, table, key: null, q }]

function user(model: Model, label: string, address: string): RecordLink[] {
  const found = model.users.where('walletAddress', normalizeKey(address))[0]
  return found === undefined ? [] : toRecord(model, label, 'users', found.id)
}

/** The signature contract that opened a debt token, found by wallets and loan terms (the token does not name it). */
function contractOf(model: Model, token: DebtTokenRecord): SignatureContractRecord | undefined {
  if (model.signatureContracts.count() > SCAN_LIMIT) return undefined // no index leads there: not worth a scan
  const creditor = normalizeKey(token.originalCreditor)
  const debtor = normalizeKey(token.debtorAddress)
  return model.signatureContracts
    .all()
    .find(
      (contract) =>
        normalizeKey(contract.creditorWalletAddress) === creditor &&
        normalizeKey(contract.debtorWalletAddress) === debtor &&
        contract.debtTotalValue === token.originalAmount &&
        contract.installments === String(token.parcels.length),
    )
}

/** The debt token a signature contract opened (the converse of contractOf). */
function tokenOf(model: Model, contract: SignatureContractRecord): DebtTokenRecord | undefined {
  return model.debtTokens
    .where('debtor', normalizeKey(contract.debtorWalletAddress))
    .find(
      (token) =>
        normalizeKey(token.originalCreditor) === normalizeKey(contract.creditorWalletAddress) &&
        token.originalAmount === contract.debtTotalValue &&
        String(token.parcels.length) === contract.installments,
    )
}

type LinksOf = { readonly [N in TableName]: (model: Model, record: RecordOf<N>) => RecordLink[] }

const linksOf: LinksOf = {
  debtTokens: (model, token: DebtTokenRecord) => [
    ...toRecord(model, 'security token', 'securityTokens', token.securityTokenAddress),
    ...toRecord(
      model,
      'signature contract',
      'signatureContracts',
      contractOf(model, token)?.signatureContractAddress ?? null,
    ),
    ...user(model, 'debtor', token.debtorAddress),
    ...user(model, 'creditor', token.creditorAddress),
    ...search("the debtor's debt tokens", 'debtTokens', token.debtorAddress),
    ...search("the creditor's debt tokens", 'debtTokens', token.creditorAddress),
  ],
  signatureContracts: (model, contract: SignatureContractRecord) => [
    ...toRecord(model, 'debt token', 'debtTokens', tokenOf(model, contract)?.address ?? null),
    ...user(model, 'debtor', contract.debtorWalletAddress),
    ...user(model, 'creditor', contract.creditorWalletAddress),
    ...search("the debtor's debt tokens", 'debtTokens', contract.debtorWalletAddress),
  ],
  securityTokens: (model, token: SecurityTokenRecord) => [
    ...search('its debt tokens', 'debtTokens', token.contractAddress),
    ...user(model, 'manager', token.managerAddress),
    ...search('manager payments', 'managerPayments', token.contractAddress),
    ...search('investor payments', 'investorPayments', token.contractAddress),
  ],
  users: (_model, record: UserRecord) => [
    ...search('debt tokens', 'debtTokens', record.walletAddress),
    ...search('security tokens it manages', 'securityTokens', record.walletAddress),
    ...search('investor payments', 'investorPayments', record.walletAddress),
  ],
  managerPayments: (model, payment: ManagerPaymentRecord) => [
    ...toRecord(model, 'security token', 'securityTokens', payment.tokenAddress),
    ...user(model, 'manager', payment.managerAddress),
  ],
  investorPayments: (model, payment: InvestorPaymentRecord) => [
    ...toRecord(model, 'security token', 'securityTokens', payment.tokenAddress),
    ...user(model, 'investor', payment.investorAddress),
  ],
}

export function recordLinks<N extends TableName>(model: Model, table: N, record: RecordOf<N>): RecordLink[] {
  return (linksOf[table] as (model: Model, record: RecordOf<N>) => RecordLink[])(model, record)
}

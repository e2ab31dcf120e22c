/** What the Data panel shows of each table's records in its list: a few telling fields. */
import type { TableName } from '../types.ts'

/** A debt token's status by number, as the API documents it. */
const DEBT_TOKEN_STATUS = ['awaiting signatures', 'active', 'listed', 'settled', 'overdue']

export interface Column {
  readonly label: string
  readonly value: (record: Record<string, unknown>) => string
}

const field =
  (name: string) =>
  (record: Record<string, unknown>): string => {
    const value = record[name]
    return value === undefined || value === null ? '' : String(value)
  }

function debtTokenStatus(status: unknown): string {
  return typeof status === 'number' ? `${status} ${DEBT_TOKEN_STATUS[status] ?? ''}`.trim() : ''
}

export const COLUMNS: Readonly<Record<TableName, readonly Column[]>> = {
  debtTokens: [
    { label: 'Debtor', value: field('debtorAddress') },
    { label: 'Amount owed', value: field('amount') },
    { label: 'Status', value: (record) => debtTokenStatus(record.status) },
  ],
  securityTokens: [
    { label: 'Name', value: field('tokenName') },
    { label: 'Symbol', value: field('symbol') },
    { label: 'Expired', value: (record) => (record.expired === true ? 'yes' : 'no') },
  ],
  signatureContracts: [
    { label: 'Debtor', value: field('debtorWalletAddress') },
    { label: 'Total', value: field('debtTotalValue') },
    { label: 'Installments', value: field('installments') },
  ],
  users: [
    { label: 'Email', value: field('email') },
    { label: 'Role', value: field('role') },
    { label: 'Wallet', value: field('walletAddress') },
  ],
  managerPayments: [
    { label: 'Token', value: field('tokenAddress') },
    { label: 'Amount', value: field('amount') },
    { label: 'Status', value: field('status') },
  ],
  investorPayments: [
    { label: 'Investor', value: field('investorAddress') },
    { label: 'Amount', value: field('amount') },
    { label: 'Status', value: field('status') },
  ],
}

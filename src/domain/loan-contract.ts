/**
 * The signature contract of a loan, its installment value the Price table's: the factories and the
 * world generator both write it beside a loan's debt token, so both say the same of a loan.
 */
import type { SignatureContract } from '../contract/signature-contracts.ts'
import type { DebtTokenParty } from './debt-token.ts'
import { formatCents, percentToRate } from './money.ts'
import { installmentCents, type LoanTerms, lastDueDate } from './price-table.ts'

export interface LoanContractTerms {
  /** The loan; its monthly rate is `monthlyInterests`. */
  readonly loan: Omit<LoanTerms, 'monthlyRate'>
  /** Percent a month, as the contract writes it ("1.5"). */
  readonly monthlyInterests: string
  readonly creditor: DebtTokenParty
  readonly debtor: DebtTokenParty
  readonly type: SignatureContract['type']
  readonly address: string
}

/** The loan's signature contract, in the stored record's field order. */
export function loanContract(terms: LoanContractTerms): SignatureContract {
  const { loan, creditor, debtor } = terms
  return {
    creditorWalletAddress: creditor.address,
    creditorId: creditor.id,
    debtorWalletAddress: debtor.address,
    debtorId: debtor.id,
    type: terms.type,
    debtTotalValue: formatCents(loan.principalCents),
    installments: String(loan.installments),
    firstInstallmentDueDate: loan.firstDueDate,
    lastInstallmentDueDate: lastDueDate(loan),
    periodicity: loan.frequency,
    monthlyInterests: terms.monthlyInterests,
    installmentValue: formatCents(installmentCents({ ...loan, monthlyRate: percentToRate(terms.monthlyInterests) })),
    signatureContractAddress: terms.address,
  }
}

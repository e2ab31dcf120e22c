/** Signature contracts: creation derives the schedule and opens the debt token (awaiting signatures). */

import { dayInCalendar, MAX_YEAR } from '../contract/instants.ts'
import type { SignatureContractInput } from '../contract/signature-contracts.ts'
import { buildDebtToken } from '../domain/debt-token.ts'
import { formatCents, percentToRate, toCents } from '../domain/money.ts'
import { installmentCents, lastDueDate } from '../domain/price-table.ts'
import { ApiError } from '../http/api-error.ts'
import { insufficientStorage } from '../model/model.ts'
import { drawNew } from '../model/new-key.ts'
import type { DebtTokenRecord, SignatureContractRecord } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import type { ResolverContext, ResolverTable } from './resolver.ts'

type LoanInput = Required<Pick<SignatureContractInput, 'debtTotalValue' | 'installments' | 'firstInstallmentDueDate'>> &
  SignatureContractInput

function hasLoanTerms(body: SignatureContractInput): body is LoanInput {
  return (
    body.debtTotalValue !== undefined && body.installments !== undefined && body.firstInstallmentDueDate !== undefined
  )
}

function termsOf(body: LoanInput) {
  return {
    principalCents: toCents(body.debtTotalValue),
    installments: Number(body.installments),
    monthlyRate: percentToRate(body.monthlyInterests ?? '0'),
    frequency: body.paymentFrequency ?? 'monthly',
    firstDueDate: body.firstInstallmentDueDate,
  } as const
}

/** The debt token a new signature contract opens: unsigned, with its whole schedule unpaid. */
function openDebtToken(
  body: LoanInput & { creditorWalletAddress: string; debtorWalletAddress: string },
  context: ResolverContext,
): DebtTokenRecord {
  const now = context.clock.now()
  const { random } = context
  return buildDebtToken(
    {
      loan: termsOf(body),
      monthlyInterestRate: body.monthlyInterests ?? '0',
      creditor: { address: body.creditorWalletAddress, id: body.creditorCnpj ?? '' },
      debtor: { address: body.debtorWalletAddress, id: body.debtorCnpj ?? '' },
      createdAt: now,
      signed: false,
      listed: false,
      now,
      securityTokenAddress: null,
    },
    // One uuid per parcel, then the token's address: nothing is paid and nobody has signed.
    {
      parcelId: random.uuid,
      paymentHash: random.hash,
      signature: random.signature,
      address: () =>
        drawNew(
          random.address,
          (address) => !context.model.debtTokens.has(address),
          () => new ApiError(507, 'no new debt token address could be drawn: reset the simulator (POST /__sim/reset)'),
        ),
    },
  )
}

/** The last due date, or a day past the calendar when the schedule would leave it. */
function lastDueDateWithin(loan: ReturnType<typeof termsOf>): string {
  try {
    return lastDueDate(loan)
  } catch {
    return `${MAX_YEAR + 1}-01-01`
  }
}

export const signatureContractResolvers: ResolverTable<'createSignatureContract' | 'getSignatureContract'> = {
  async createSignatureContract({ body }, context) {
    const loan = hasLoanTerms(body) ? termsOf(body) : undefined
    // Checked before anything is drawn or stored: a refused request changes nothing.
    if (loan !== undefined && !dayInCalendar(lastDueDateWithin(loan))) {
      throw ApiError.badRequest(
        `body.firstInstallmentDueDate: with ${loan.installments} ${loan.frequency} installments from ${loan.firstDueDate} the last would fall after ${MAX_YEAR}-12-31`,
      )
    }
    // A contract that opens a debt token weighs 1 + 1 + one per parcel against the capacity.
    const opens =
      loan !== undefined && body.creditorWalletAddress !== undefined && body.debtorWalletAddress !== undefined
    const weight = opens ? 2 + loan.installments : 1
    if (context.model.capacityUsed() + weight > context.model.maxRecords) {
      throw insufficientStorage(
        'createSignatureContract',
        'signatureContracts and debtTokens',
        context.model.maxRecords,
      )
    }
    const signatureContractAddress = drawNew(
      context.random.address,
      (address) => !context.model.signatureContracts.has(address),
      () =>
        new ApiError(507, 'no new signature contract address could be drawn: reset the simulator (POST /__sim/reset)'),
    )
    const contract: SignatureContractRecord = {
      creditorWalletAddress: body.creditorWalletAddress ?? '',
      creditorId: body.creditorCnpj ?? '',
      debtorWalletAddress: body.debtorWalletAddress ?? '',
      debtorId: body.debtorCnpj ?? '',
      type: body.type ?? '',
      debtTotalValue: body.debtTotalValue ?? '',
      installments: body.installments ?? '',
      firstInstallmentDueDate: body.firstInstallmentDueDate ?? '',
      lastInstallmentDueDate: loan ? lastDueDate(loan) : '',
      periodicity: body.paymentFrequency ?? (loan ? 'monthly' : ''),
      monthlyInterests: body.monthlyInterests ?? (loan ? '0' : ''),
      // As sent when sent (a client reads back what it wrote); derived by the Price table when absent.
      installmentValue: body.installmentValue ?? (loan ? formatCents(installmentCents(loan)) : ''),
      signatureContractAddress,
    }
    await context.model.signatureContracts.insert(contract)
    if (hasLoanTerms(body) && body.creditorWalletAddress !== undefined && body.debtorWalletAddress !== undefined) {
      await context.model.debtTokens.insert(
        openDebtToken(
          { ...body, creditorWalletAddress: body.creditorWalletAddress, debtorWalletAddress: body.debtorWalletAddress },
          context,
        ),
      )
    }
    return { signatureContractAddress }
  },

  getSignatureContract({ params }, context) {
    const contract = context.model.signatureContracts.get(normalizeKey(params.address))
    if (contract === undefined) throw ApiError.notFound(`signature contract ${params.address} not found`)
    return contract
  },
}

/**
 * One valid request per operation, built from the default fixtures: what the auth cases and the
 * fuzz tests start from. A test asserts that every operation of the table has a sample.
 */
import type { OperationId } from '../../src/contract/operations.ts'
import { fixtures, HASH_A, NEW_WALLET_A, NEW_WALLET_B } from './world.ts'

export interface SampleRequest {
  method: string
  path: string
  body?: unknown
}

const securityToken = fixtures.securityTokens[0]!
const debtToken = fixtures.debtTokens.find((token) => token.securityTokenAddress === securityToken.contractAddress)!
const managerPayment = fixtures.managerPayments[0]!
const investorPayment = fixtures.investorPayments[0]!
const contract = fixtures.signatureContracts[0]!
const user = fixtures.users[0]!

export const samples: Record<OperationId, SampleRequest> = {
  createSignatureContract: {
    method: 'POST',
    path: '/debtToken/signature-contract',
    body: {
      creditorWalletAddress: NEW_WALLET_A,
      creditorCnpj: '11.222.333/0001-81',
      debtorWalletAddress: NEW_WALLET_B,
      debtorCnpj: '44.555.666/0001-99',
      type: 'legalPerson',
      debtTotalValue: '12000.00',
      installments: '12',
      firstInstallmentDueDate: '2026-04-01',
      paymentFrequency: 'monthly',
      monthlyInterests: '1.5',
    },
  },
  getSignatureContract: { method: 'GET', path: `/debtToken/signature-contract/${contract.signatureContractAddress}` },
  getUser: { method: 'GET', path: `/users/${user.id}` },
  createManagerPayment: {
    method: 'POST',
    path: '/manager',
    body: {
      managerAddress: securityToken.managerAddress,
      tokenAddress: securityToken.contractAddress,
      hash: HASH_A,
      date: '2026-03-01T10:00:00.000Z',
      status: 'PAID',
      amount: 1500.5,
      series: 'SENIOR',
      type: 'AMORTIZACAO',
    },
  },
  listManagerPayments: {
    method: 'GET',
    path: `/manager/${managerPayment.managerAddress}/${managerPayment.tokenAddress}`,
  },
  updateManagerPayment: {
    method: 'PUT',
    path: `/manager/${managerPayment.tokenAddress}/${fixtures.managerPayments[1]!.id}`,
    body: { hash: HASH_A, date: '2026-03-02T09:00:00.000Z', status: 'PAID', amount: 2000 },
  },
  createInvestorPayment: {
    method: 'POST',
    path: '/investor',
    body: {
      investorAddress: investorPayment.investorAddress,
      tokenAddress: investorPayment.tokenAddress,
      amount: 250,
      serie: 'SENIOR',
      type: 'JUROS',
    },
  },
  listInvestorPayments: {
    method: 'GET',
    path: `/investor/${investorPayment.investorAddress}/${investorPayment.tokenAddress}`,
  },
  updateInvestorPayment: {
    method: 'PUT',
    path: `/investor/${fixtures.investorPayments[1]!.investorAddress}/${fixtures.investorPayments[1]!.id}`,
    body: { hash: HASH_A, date: '2026-03-02T09:00:00.000Z', status: 'PAID', amount: 300 },
  },
  listSecurityTokenDebtTokens: { method: 'GET', path: `/manager/debt-tokens/${securityToken.contractAddress}` },
  getSecurityTokenDebtToken: {
    method: 'GET',
    path: `/manager/debt-tokens/${securityToken.contractAddress}/${debtToken.address}`,
  },
  listDebtorDebtTokens: { method: 'GET', path: `/debtToken/debtor/${debtToken.debtorAddress}` },
  getDebtorDebtToken: { method: 'GET', path: `/debtToken/debtor/${debtToken.debtorAddress}/${debtToken.address}` },
  listCreditorDebtTokens: { method: 'GET', path: `/debtToken/creditor/${debtToken.creditorAddress}` },
  getCreditorDebtToken: {
    method: 'GET',
    path: `/debtToken/creditor/${debtToken.creditorAddress}/${debtToken.address}`,
  },
  listSecurityTokens: { method: 'GET', path: '/securityToken' },
  createSecurityToken: {
    method: 'POST',
    path: '/securityToken',
    body: {
      data: {
        instrument: 'FIDC',
        segment: 'Agronegócio',
        concentration: 'Pulverizada',
        emissionAmount: '1000000',
        emissionEndDate: '2026-06-30',
        maxExpirationDate: '2030-12-31',
        maxAcquisitionPrice: '1050.00',
        series: [
          {
            name: 'SENIOR',
            type: 'SENIOR',
            emissionPercentage: '70',
            remuneration: '1.2',
            seriesAmount: '700000',
            sharesAmount: '700',
            unitPrice: '1000',
            interestMonthLack: '2',
            interestPaymentPeriodicity: '1',
            interestAllocationOrder: '1',
            amortizationPaymentPeriodicity: '3',
            amortizationAllocationOrder: '1',
          },
          {
            name: 'SUBORDINADA',
            type: 'SUBORDINATED',
            emissionPercentage: '30',
            remuneration: '2.1',
            seriesAmount: '300000',
            sharesAmount: '300',
            unitPrice: '1000',
            interestMonthLack: '0',
            interestPaymentPeriodicity: '1',
            interestAllocationOrder: '2',
            amortizationPaymentPeriodicity: '6',
            amortizationAllocationOrder: '2',
          },
        ],
      },
    },
  },
  deleteSecurityToken: {
    method: 'DELETE',
    path: `/securityToken?contractAddress=${fixtures.securityTokens[2]!.contractAddress}`,
  },
  updateSecurityToken: {
    method: 'PUT',
    path: `/securityToken/${securityToken.contractAddress}`,
    body: { tokenName: 'Renamed', investmentAmount: 1000 },
  },
}

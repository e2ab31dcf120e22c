/**
 * The request sequence both runtimes answer: every operation of the contract, against the
 * fixtures and against what the sequence itself creates. It comes in phases because later
 * requests name what earlier ones created (addresses and ids the seeded simulator generates);
 * each phase is built from the replies of the phases before it.
 */

import { fixtures, HASH_A, NEW_WALLET_A, NEW_WALLET_B, UNKNOWN_ADDRESS } from '../support/world.ts'
import type { WireReply, WireRequest } from './app/wire.ts'

const TOKEN = 'browser-test-token'
const AUTH = { authorization: `Bearer ${TOKEN}` }
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' }

/** The replies so far, by label. */
export class ReplyBook {
  readonly #replies = new Map<string, WireReply>()

  add(replies: readonly WireReply[]): void {
    for (const reply of replies) {
      if (this.#replies.has(reply.label)) throw new Error(`two requests are labelled "${reply.label}"`)
      this.#replies.set(reply.label, reply)
    }
  }

  reply(label: string): WireReply {
    const reply = this.#replies.get(label)
    if (reply === undefined) throw new Error(`no reply labelled "${label}"`)
    return reply
  }

  /** The parsed body of a 200 reply; anything else is a broken premise of the sequence. */
  json(label: string): any {
    const reply = this.reply(label)
    if (reply.status !== 200) throw new Error(`"${label}" answered ${reply.status}: ${reply.text}`)
    return JSON.parse(reply.text)
  }
}

export type Phase = (earlier: ReplyBook) => WireRequest[]

const get = (label: string, path: string, headers: Record<string, string> = AUTH): WireRequest => ({
  label,
  method: 'GET',
  path,
  headers,
})

/** A request with a JSON body; a string body is sent exactly as given (for malformed JSON). */
const send = (label: string, method: string, path: string, body?: unknown): WireRequest => ({
  label,
  method,
  path,
  headers: body === undefined ? AUTH : JSON_AUTH,
  ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
})

const user = fixtures.users[0]!
const contract = fixtures.signatureContracts[0]!
const managedToken = fixtures.debtTokens.find((token) => typeof token.securityTokenAddress === 'string')!
const securityToken = fixtures.securityTokens.find(
  (token) => token.contractAddress === managedToken.securityTokenAddress,
)!
const managerPayment = fixtures.managerPayments.find((payment) => payment.status === 'PAID')!
const investorPayment = fixtures.investorPayments[0]!

/** The wallets and token the sequence's own payments are stored under. */
export const PAYER = { manager: NEW_WALLET_A, investor: NEW_WALLET_B, token: securityToken.contractAddress } as const
const UNKNOWN_USER_ID = '00000000-0000-4000-8000-000000000000'

export const phases: readonly Phase[] = [
  // 1. Reads of the fixtures, the creations, and the requests that must fail.
  () => [
    get('read user', `/users/${user.id}`),
    get('read signature contract', `/debtToken/signature-contract/${contract.signatureContractAddress}`),
    get('list security tokens', '/securityToken'),
    get('list marketplace security tokens', '/securityToken?marketplace=true'),
    get('list one security token', `/securityToken?contractAddress=${securityToken.contractAddress}`),
    get('list debt tokens of a security token', `/manager/debt-tokens/${securityToken.contractAddress}`),
    get(
      'read debt token of a security token',
      `/manager/debt-tokens/${securityToken.contractAddress}/${managedToken.address}`,
    ),
    get('list debtor debt tokens', `/debtToken/debtor/${managedToken.debtorAddress}`),
    get('read debtor debt token', `/debtToken/debtor/${managedToken.debtorAddress}/${managedToken.address}`),
    get('list creditor debt tokens', `/debtToken/creditor/${managedToken.creditorAddress}`),
    get('read creditor debt token', `/debtToken/creditor/${managedToken.creditorAddress}/${managedToken.address}`),
    get('list fixture manager payments', `/manager/${managerPayment.managerAddress}/${managerPayment.tokenAddress}`),
    get(
      'list fixture investor payments',
      `/investor/${investorPayment.investorAddress}/${investorPayment.tokenAddress}`,
    ),

    send('create signature contract', 'POST', '/debtToken/signature-contract', {
      creditorWalletAddress: NEW_WALLET_A,
      creditorCnpj: '12.345.678/0001-90',
      debtorWalletAddress: NEW_WALLET_B,
      debtorCnpj: '98.765.432/0001-10',
      type: 'legalPerson',
      debtTotalValue: '12000.00',
      installments: '6',
      firstInstallmentDueDate: '2026-04-10',
      paymentFrequency: 'monthly',
      monthlyInterests: '1.50',
    }),
    send('create security token', 'POST', '/securityToken', {
      data: {
        instrument: 'FIDC',
        segment: 'Varejo',
        concentration: 'Pulverizada',
        emissionAmount: '500000.00',
        emissionEndDate: '2026-06-30',
        maxExpirationDate: '2029-12-31',
        series: [
          {
            name: 'Sênior',
            type: 'SENIOR',
            seriesAmount: '400000.00',
            sharesAmount: '400',
            unitPrice: '1000.00',
            remuneration: '1.2',
          },
          {
            name: 'Subordinada',
            type: 'SUBORDINADA',
            seriesAmount: '100000.00',
            sharesAmount: '100',
            unitPrice: '1000.00',
          },
        ],
      },
    }),
    send('create manager payment (series)', 'POST', '/manager', {
      managerAddress: PAYER.manager,
      tokenAddress: PAYER.token,
      amount: 1500.5,
      series: 'SENIOR',
      type: 'AMORTIZACAO',
    }),
    send('create investor payment (serie)', 'POST', '/investor', {
      investorAddress: PAYER.investor,
      tokenAddress: PAYER.token,
      hash: HASH_A,
      date: '2026-03-01T09:30:00.000Z',
      status: 'PENDING',
      amount: 250,
      serie: 'MEZANINO',
      type: 'JUROS',
    }),

    get('bad ADDRESS in path', '/debtToken/debtor/0x1234'),
    get('bad ADDRESS in query', '/securityToken?contractAddress=0xnothex'),
    send('bad HASH', 'POST', '/manager', { managerAddress: PAYER.manager, tokenAddress: PAYER.token, hash: '0xabc' }),
    send('bad date', 'POST', '/debtToken/signature-contract', { firstInstallmentDueDate: '2026-02-30' }),
    send('missing field', 'POST', '/investor', { tokenAddress: PAYER.token, amount: 10 }),
    send('series and serie disagree', 'POST', '/manager', {
      managerAddress: PAYER.manager,
      tokenAddress: PAYER.token,
      series: 'SENIOR',
      serie: 'MEZANINO',
    }),
    send('malformed JSON', 'POST', '/securityToken', '{"data": {"instrument": "FIDC",'),
    send('update body missing', 'PUT', `/manager/${managerPayment.tokenAddress}/${managerPayment.id}`),
    send('PAID payment back to PENDING', 'PUT', `/manager/${managerPayment.tokenAddress}/${managerPayment.id}`, {
      hash: HASH_A,
      date: '2026-03-02T12:00:00.000Z',
      status: 'PENDING',
      amount: 1,
    }),

    get('no Authorization header', `/users/${user.id}`, {}),
    get('Basic instead of Bearer', `/users/${user.id}`, { authorization: 'Basic dXNlcjpwYXNz' }),
    get('empty Bearer token', `/users/${user.id}`, { authorization: 'Bearer ' }),
    {
      ...send('POST without Authorization', 'POST', '/manager', {
        managerAddress: PAYER.manager,
        tokenAddress: PAYER.token,
      }),
      headers: { 'content-type': 'application/json' },
    },

    get('unknown user', `/users/${UNKNOWN_USER_ID}`),
    get('unknown signature contract', `/debtToken/signature-contract/${UNKNOWN_ADDRESS}`),
    send('update unknown manager payment', 'PUT', `/manager/${PAYER.token}/9999`, {
      hash: HASH_A,
      date: '2026-03-02T12:00:00.000Z',
      status: 'PAID',
      amount: 1,
    }),
    send('update unknown investor payment', 'PUT', `/investor/${PAYER.investor}/9999`, {
      hash: HASH_A,
      date: '2026-03-02T12:00:00.000Z',
      status: 'PAID',
      amount: 1,
    }),
    send('update unknown security token', 'PUT', `/securityToken/${UNKNOWN_ADDRESS}`, { symbol: 'NOPE' }),
    send('delete unknown security token', 'DELETE', `/securityToken?contractAddress=${UNKNOWN_ADDRESS}`),
  ],

  // 2. What phase 1 created, read back through every query that should see it, and updated.
  (earlier) => {
    const signatureContractAddress: string = earlier.json('create signature contract').signatureContractAddress
    const securityTokenAddress: string = earlier.json('create security token').contractAddress
    const managerPaymentId: number = earlier.json('create manager payment (series)').id
    const investorPaymentId: number = earlier.json('create investor payment (serie)').id
    return [
      get('read created signature contract', `/debtToken/signature-contract/${signatureContractAddress}`),
      get('list new creditor debt tokens', `/debtToken/creditor/${NEW_WALLET_A}`),
      get('list new debtor debt tokens', `/debtToken/debtor/${NEW_WALLET_B}`),
      get('list created security token', `/securityToken?contractAddress=${securityTokenAddress}`),
      get('list created manager payments', `/manager/${PAYER.manager}/${PAYER.token}`),
      get('list created investor payments', `/investor/${PAYER.investor}/${PAYER.token}`),
      send('update manager payment', 'PUT', `/manager/${PAYER.token}/${managerPaymentId}`, {
        hash: HASH_A,
        date: '2026-03-02T12:00:00.000Z',
        status: 'PAID',
        amount: 1500.5,
      }),
      send('update investor payment', 'PUT', `/investor/${PAYER.investor}/${investorPaymentId}`, {
        hash: HASH_A,
        date: '2026-03-02T13:00:00Z',
        status: 'FAILED',
        amount: 250,
      }),
      send('update investor payment with bad date', 'PUT', `/investor/${PAYER.investor}/${investorPaymentId}`, {
        hash: HASH_A,
        date: 'yesterday',
        status: 'PAID',
        amount: 250,
      }),
      send('update security token', 'PUT', `/securityToken/${securityTokenAddress}`, {
        symbol: 'BRWSR',
        acceptedRebatePercentage: 2.5,
        investmentAmount: 125000,
      }),
      send('update security token without body', 'PUT', `/securityToken/${securityTokenAddress}`),
    ]
  },

  // 3. The new debt token by address, the updates as seen by the lists, then a delete.
  (earlier) => {
    const securityTokenAddress: string = earlier.json('create security token').contractAddress
    const [debtToken] = earlier.json('list new creditor debt tokens') as Array<{ address: string }>
    if (debtToken === undefined) throw new Error('the new signature contract opened no debt token for its creditor')
    return [
      get('read new creditor debt token', `/debtToken/creditor/${NEW_WALLET_A}/${debtToken.address}`),
      get('read new debtor debt token', `/debtToken/debtor/${NEW_WALLET_B}/${debtToken.address}`),
      get('read new debt token under another creditor', `/debtToken/creditor/${NEW_WALLET_B}/${debtToken.address}`),
      get('list updated manager payments', `/manager/${PAYER.manager}/${PAYER.token}`),
      get('list updated investor payments', `/investor/${PAYER.investor}/${PAYER.token}`),
      get('list updated security token', `/securityToken?contractAddress=${securityTokenAddress}`),
      send('delete security token', 'DELETE', `/securityToken?contractAddress=${securityTokenAddress}`),
      get('list deleted security token', `/securityToken?contractAddress=${securityTokenAddress}`),
      send('delete security token again', 'DELETE', `/securityToken?contractAddress=${securityTokenAddress}`),
      get('list security tokens after delete', '/securityToken'),
    ]
  },
]

/**
 * What an action of the randomized tab test (tab-plan.ts) makes a tab send, how its replies read
 * as an outcome, and what a tab's world reads as: shared by the Chromium test and by the unit test
 * that plays the same rounds serially on one simulator, so both send the same requests.
 */
import { fixtures, NEW_WALLET_A } from '../../support/world.ts'
import type { WireReply, WireRequest } from '../app/wire.ts'
import type { Job } from './at-once.ts'
import { DELETED_FIXTURE, NEW_SECURITY_TOKEN, newManagerPayment } from './persistence-world.ts'
import type { Action, Outcome, View } from './tab-plan.ts'

const PAYMENT_TOKEN = fixtures.securityTokens[0]!.contractAddress
const AUTH = { authorization: 'Bearer tabs-interleaved' }

/** The two reads a view is made of: the security tokens, and the payments of the test's wallet. */
export const VIEW_PATHS = ['/securityToken', `/manager/${NEW_WALLET_A}/${PAYMENT_TOKEN}`] as const

const request = (method: string, path: string, body?: unknown): WireRequest => ({
  label: `${method} ${path}`,
  method,
  path,
  headers: body === undefined ? AUTH : { ...AUTH, 'content-type': 'application/json' },
  ...(body !== undefined && { body: JSON.stringify(body) }),
})

/**
 * What `action` makes a tab do, and how to read the outcome from its replies; `unique` makes the
 * amounts and instants of this round and tab its own, `targets` are the tokens to invest in.
 */
export function jobOf(
  action: Action,
  unique: number,
  targets: readonly string[],
): [Job, (replies: WireReply[]) => Outcome] {
  const json = (reply: WireReply | undefined) => (reply?.text ? JSON.parse(reply.text) : undefined)
  switch (action.kind) {
    case 'create':
      return [
        { requests: [request('POST', '/securityToken', NEW_SECURITY_TOKEN)] },
        ([reply]) => ({ kind: 'create', status: reply!.status, address: json(reply)?.contractAddress }),
      ]
    case 'pay': {
      const amounts = Array.from({ length: action.count }, (_, i) => unique * 10 + i)
      return [
        {
          requests: amounts.map((amount) => request('POST', '/manager', { ...newManagerPayment, amount })),
          parallel: true,
        },
        (replies) => ({
          kind: 'pay',
          replies: replies.map((reply, i) => ({ status: reply.status, id: json(reply)?.id, amount: amounts[i]! })),
        }),
      ]
    }
    case 'invest': {
      const address = targets[action.target % targets.length]!
      return [
        { requests: [request('PUT', `/securityToken/${address}`, { investmentAmount: action.amount })] },
        ([reply]) => ({ kind: 'invest', status: reply!.status, address, amount: action.amount }),
      ]
    }
    case 'delete':
      return [
        { requests: [request('DELETE', `/securityToken?contractAddress=${DELETED_FIXTURE}`)] },
        ([reply]) => ({ kind: 'delete', status: reply!.status }),
      ]
    case 'clock': {
      const instant = new Date(Date.UTC(2026, 4, 1) + unique * 60_000).toISOString()
      return [{ clock: instant }, () => ({ kind: 'clock', instant })]
    }
    case 'reset':
      return [{ reset: true }, () => ({ kind: 'reset' })]
    case 'reload':
    case 'idle':
      return [{}, () => ({ kind: action.kind })]
  }
}

const byKey =
  <T>(key: (item: T) => string | number) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0

/** A view from the answers to `VIEW_PATHS` (in any order: sorted here) and the clock. */
export function viewFrom(tokens: View['tokens'], payments: View['payments'], now: string): View {
  return {
    tokens: [...tokens].sort(byKey((token) => token.contractAddress)),
    payments: [...payments].sort(byKey((payment) => payment.id)),
    now,
  }
}

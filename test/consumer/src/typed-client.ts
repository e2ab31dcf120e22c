// A frontend's typed client: openapi-fetch's createClient over the package's `paths`, and the
// records by name, with no zod import. Each @ts-expect-error is a check: if the types loosened
// (any, unknown, a missing path), the line would compile and tsc would fail on the unused directive.

import type {
  components,
  ManagerPayment,
  ManagerPaymentInput,
  operations,
  paths,
  SecurityToken,
  SimClock,
} from 'debt-token-simulator'
import createClient from 'openapi-fetch'

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010', headers: { authorization: 'Bearer dev' } })

export async function openSecurityTokenAddresses(): Promise<string[]> {
  const { data, error } = await client.GET('/securityToken', { params: { query: { marketplace: 'true' } } })
  if (error !== undefined) throw new Error(`${error.statusCode} ${error.message}`)
  const tokens: SecurityToken[] = data
  // @ts-expect-error: a security token has no `address` (it is `contractAddress`)
  tokens.map((token) => token.address)
  return tokens.map((token) => token.contractAddress)
}

export async function payManager(payment: ManagerPaymentInput): Promise<number> {
  const { data } = await client.POST('/manager', { body: payment })
  // @ts-expect-error: a creation body's fields are the contract's (`managerAddress`, not `manager`)
  await client.POST('/manager', { body: { manager: payment.managerAddress, tokenAddress: payment.tokenAddress } })
  return data?.id ?? -1
}

export async function markPaid(securityToken: string, id: number, hash: string): Promise<ManagerPayment[] | undefined> {
  await client.PUT('/manager/{address}/{tokenAddressOrId}', {
    params: { path: { address: securityToken, tokenAddressOrId: String(id) } },
    body: { hash, date: '2026-03-02', status: 'PAID', amount: 1500 },
  })
  // @ts-expect-error: no such path
  await client.GET('/managers/{address}', { params: { path: { address: securityToken } } })
  const { data } = await client.GET('/manager/{address}/{tokenAddressOrId}', {
    params: { path: { address: securityToken, tokenAddressOrId: String(id) } },
  })
  return data
}

// The control routes under /__sim are in `paths` too, without a Bearer token.
export async function moveClock(now: string): Promise<SimClock['now']> {
  const { data } = await client.PUT('/__sim/clock', { body: { now } })
  if (data === undefined) throw new Error('the clock was not set')
  return data.now
}

// openapi-typescript's names, as a file it wrote would give them: `operations` is the interface of
// each operation by id (not the package's operation table), `components` the schemas.
type UserAnswer = operations['getUser']['responses'][200]['content']['application/json']
export const userId = (user: UserAnswer): string => user.id
export type ErrorAnswer = operations['getUser']['responses']['default']['content']['application/json']
export const errorStatus = (error: components['schemas']['Error']): string => error.statusCode

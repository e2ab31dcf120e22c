// lib/api.ts: the app's server-side fetch helper (server components, route handlers). It forwards
// the `sim-session` cookie, which only the Playwright fixture sets, as `x-sim-session`, so what the
// server fetches for a test runs in that test's session (docs/server-rendered.md, "Sessions from
// Playwright"). Outside a test there is no cookie and no header: it can stay in code that ships.
import { cookies } from 'next/headers'

export async function api(path: string, init: RequestInit = {}) {
  const session = (await cookies()).get('sim-session')?.value // set by the Playwright fixture only
  return fetch(`${process.env.NEXT_PUBLIC_API_URL}${path}`, {
    ...init,
    headers: { authorization: 'Bearer dev', ...(session ? { 'x-sim-session': session } : {}), ...init.headers },
  })
}

/** A security token as `GET /securityToken` lists it (the fields this app reads; docs/api.md). */
export interface SecurityToken {
  contractAddress: string
  managerAddress: string
  tokenName: string
  symbol: string
}

/** A manager payment as `GET /manager/{address}/{tokenAddress}` lists it. */
export interface ManagerPayment {
  id: number
  amount?: number
  serie?: string
  status: string
  date: string
}

/** The API's error answer: `message` says what is wrong. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** `GET path` through `api()`, its JSON body; throws an ApiError with the API's message when it fails. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await api(path)
  const body = await response.json().catch(() => null)
  if (!response.ok) throw new ApiError(response.status, body?.message ?? `GET ${path} answered ${response.status}`)
  return body as T
}

export const listSecurityTokens = () => getJson<SecurityToken[]>('/securityToken')

export const listManagerPayments = (token: SecurityToken) =>
  getJson<ManagerPayment[]>(`/manager/${token.managerAddress}/${token.contractAddress}`)

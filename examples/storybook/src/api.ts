/**
 * The component library's API client: the Debt Token service at API_URL, called with plain fetch.
 * In Storybook the simulator answers it (.storybook/preview.ts); in an app, the real service.
 */
export const API_URL = 'https://api.debt-token.test'

/** The token the components send; the simulator takes any Bearer token (it names the caller). */
const AUTHORIZATION = 'Bearer storybook'

/** A debt token as listSecurityTokenDebtTokens answers it (the fields the components show). */
export interface DebtToken {
  address: string
  status: 0 | 1 | 2 | 3 | 4
  originalAmount: number
  debtorAddress: string
}

/** The API's error shape: `{ statusCode, error, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    ...init,
    headers: { authorization: AUTHORIZATION, 'content-type': 'application/json', ...init.headers },
  })
  const body = await response.json()
  if (!response.ok) throw new ApiError(response.status, body.message ?? response.statusText)
  return body as T
}

export const listDebtTokens = (securityTokenAddress: string) =>
  call<DebtToken[]>(`/manager/debt-tokens/${securityTokenAddress}`)

export interface ManagerPayment {
  managerAddress: string
  tokenAddress: string
  amount: number
  serie: 'SENIOR' | 'MEZANINO' | 'SUBORDINADA'
  type: 'AMORTIZACAO' | 'JUROS'
}

export const payManager = (payment: ManagerPayment) =>
  call<{ id: number; message: string }>('/manager', { method: 'POST', body: JSON.stringify(payment) })

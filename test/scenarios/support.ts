/**
 * Helpers of the scenario tests: a request straight into a simulator's pipeline (no port, no
 * interception), and small scenario builders.
 */
import type { SimRequest } from '../../src/http/sim-request.ts'
import type { Simulator } from '../../src/runtimes/msw/simulator.ts'
import type { ScenarioInput } from '../../src/scenarios/scenario-schema.ts'

export interface CallOptions {
  body?: unknown
  headers?: Record<string, string>
  /** false: no Authorization header. */
  auth?: boolean
}

export interface CallReply {
  status: number
  headers: Record<string, string>
  json: any
  networkError: boolean
}

function simRequest(method: string, pathAndQuery: string, options: CallOptions = {}): SimRequest {
  const q = pathAndQuery.indexOf('?')
  const headers: Record<string, string> = { ...(options.auth !== false && { authorization: 'Bearer scenario-test' }) }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value
  const body =
    options.body === undefined ? '' : typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
  return {
    method,
    path: q === -1 ? pathAndQuery : pathAndQuery.slice(0, q),
    query: new URLSearchParams(q === -1 ? '' : pathAndQuery.slice(q + 1)),
    header: (name) => headers[name] ?? null,
    text: async () => body,
  }
}

/** One request through `simulator.host.handle()`. */
export async function call(
  simulator: Simulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallReply> {
  const response = await simulator.host.handle(simRequest(method, path, options))
  return {
    status: response.status,
    headers: response.headers,
    json: response.body === null || response.body === '' ? undefined : JSON.parse(response.body),
    networkError: response.networkError === true,
  }
}

/** A scenario of the given rules. */
export function scenarioOf(rules: ScenarioInput['rules'], extra: Partial<ScenarioInput> = {}): ScenarioInput {
  return { description: 'a test scenario', rules, ...extra }
}

export const INVESTOR = '0x1111111111111111111111111111111111111111'
export const OTHER_INVESTOR = '0x2222222222222222222222222222222222222222'

/** A valid POST /investor body for the first fixture security token. */
export function investorPayment(tokenAddress: string, investorAddress = INVESTOR, extra: Record<string, unknown> = {}) {
  return { investorAddress, tokenAddress, amount: 100, ...extra }
}

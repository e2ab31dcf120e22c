/**
 * What `serve --proxy <base-url>` is configured with, and the checks that keep it to one host. Pure,
 * so the command line and `startStandaloneServer({ proxy })` refuse the same mistakes in the same words.
 */
import { type OperationId, operationIds } from '../contract/operations.ts'

/** How long the service may take to answer one forwarded request, by default (`--proxy-timeout`). */
export const DEFAULT_PROXY_TIMEOUT_MS = 10_000
/** The longest `--proxy-timeout` accepted: ten minutes. */
const MAX_PROXY_TIMEOUT_MS = 600_000

export interface ProxyOptions {
  /** The real service's base URL, e.g. `https://api.example.com/v1`: every forwarded path is appended to it. */
  readonly url: string
  /** Sent as `Authorization: Bearer <token>` instead of the client's Authorization (`--token`). */
  readonly token?: string | undefined
  /** Forward only these operations; the simulator answers the others (`--proxy-only`). */
  readonly only?: readonly OperationId[] | undefined
  /** Forward every operation but these; the simulator answers them (`--proxy-except`). */
  readonly except?: readonly OperationId[] | undefined
  /** How long the service may take, headers and body, in ms (default DEFAULT_PROXY_TIMEOUT_MS): then 504. */
  readonly timeoutMs?: number | undefined
  /** The fetch the forwarder calls (default: the global one). */
  readonly fetch?: typeof fetch | undefined
}

/** The base URL without a trailing slash, or why it cannot be one. */
export function proxyBaseUrl(text: string): { url: string } | { problem: string } {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { problem: `must be an absolute http(s) URL such as https://api.example.com, got ${JSON.stringify(text)}` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: `must be an http or https URL, got ${url.protocol.slice(0, -1)}` }
  if (url.username !== '' || url.password !== '')
    return { problem: 'must not carry credentials (they would be sent and logged): give the token with --token' }
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#'))
    return { problem: 'must not carry a query or a fragment: the client request gives the query' }
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}

/** The operation ids of a comma-separated list, or why one is not an operation. */
export function operationList(text: string): { ids: OperationId[] } | { problem: string } {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (names.length === 0) return { problem: 'needs at least one operation id' }
  const unknown = names.filter((name) => !(operationIds as readonly string[]).includes(name))
  if (unknown.length > 0)
    return { problem: `names no operation: ${unknown.join(', ')} (operations: ${operationIds.join(', ')})` }
  return { ids: names as OperationId[] }
}

/** Why the options are not usable (undefined: they are), in the words of their command-line flags. */
export function proxyOptionsProblem(options: ProxyOptions): string | undefined {
  const base = proxyBaseUrl(options.url)
  if ('problem' in base) return `--proxy ${base.problem}`
  if (options.only !== undefined && options.except !== undefined)
    return '--proxy-only and --proxy-except exclude each other'
  for (const [flag, list] of [
    ['--proxy-only', options.only],
    ['--proxy-except', options.except],
  ] as const) {
    if (list === undefined) continue
    const checked = operationList(list.join(','))
    if ('problem' in checked) return `${flag} ${checked.problem}`
  }
  const timeout = options.timeoutMs
  if (timeout !== undefined && (!Number.isInteger(timeout) || timeout < 1 || timeout > MAX_PROXY_TIMEOUT_MS))
    return `--proxy-timeout must be a whole number of milliseconds from 1 to ${MAX_PROXY_TIMEOUT_MS}, got ${timeout}`
  if (options.token !== undefined && !/^[A-Za-z0-9\-._~+/]+=*$/.test(options.token))
    return '--token must be one token68 (letters, digits, -._~+/ then = padding), as a Bearer token is'
  return undefined
}

/** Whether an operation is forwarded under `only` / `except` (every one when neither is given). */
export function forwards(options: Pick<ProxyOptions, 'only' | 'except'>, operation: OperationId): boolean {
  if (options.only !== undefined) return options.only.includes(operation)
  if (options.except !== undefined) return !options.except.includes(operation)
  return true
}

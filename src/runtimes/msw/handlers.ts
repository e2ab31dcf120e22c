/**
 * One msw handler per operation, derived from the operation table in matching order, each a thin
 * adapter: Fetch Request in, the simulator's pipeline, Fetch Response out.
 */
import { type HttpHandler, HttpResponse, http } from 'msw'
import type { Operation } from '../../contract/operations.ts'
import { fromFetchRequest, type SimRequest, type SimResponse } from '../../http/sim-request.ts'
import { matchRoute, operationsInMatchOrder } from '../../pipeline/router.ts'

type ExecuteOperation = (
  operation: Operation,
  params: Record<string, string>,
  request: SimRequest,
) => Promise<SimResponse>

/** msw's path syntax: `{name}` → `:name`, under the base URL (`*` matches any origin). */
export function mswPath(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/$/, '')}${path.replace(/\{(\w+)\}/g, ':$1')}`
}

/** A SimResponse as a Fetch Response; a scenario's network error becomes msw's `HttpResponse.error()`. */
function toFetchResponse(response: SimResponse): Response {
  if (response.networkError) return HttpResponse.error()
  return new HttpResponse(response.body, { status: response.status, headers: response.headers })
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Matches the URLs under the API's first path segments that contain a percent-escape, without
 * capturing anything (so msw has no parameter to decode). Only those can be malformed; every other
 * request must not match at all, or msw would count it as handled and never report it unhandled.
 */
function percentEscapedApiUrl(baseUrl: string): RegExp {
  const roots = [...new Set(operationsInMatchOrder.map((operation) => operation.path.split('/')[1]!))].map(escapeRegExp)
  const origin = baseUrl === '*' ? '[^:/?#]+://[^/?#]+' : escapeRegExp(baseUrl.replace(/\/$/, ''))
  return new RegExp(`^${origin}/(?:${roots.join('|')})(?:/[^?#]*)?%`, 'i')
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const

export interface HandlerOptions {
  baseUrl: string
  execute: ExecuteOperation
  /** Routes and answers a whole request (used for paths msw itself cannot parse). */
  handle: (request: SimRequest) => Promise<SimResponse>
}

export function createHandlers(options: HandlerOptions): HttpHandler[] {
  /**
   * @note msw decodes path parameters with decodeURIComponent and throws on a malformed escape
   * (`/users/%E0%A4%A`), which it would answer with a 500. This guard answers such paths with the
   * same 400 as the router and lets every other request fall through to the operation handlers.
   * Its pattern is a RegExp without groups (a wildcard string would be decoded, and throw, too)
   * that only matches API paths with a percent-escape.
   */
  const malformedPathGuard = http.all(percentEscapedApiUrl(options.baseUrl), async ({ request }) => {
    const simRequest = fromFetchRequest(request)
    if (matchRoute(simRequest.method, simRequest.path).kind !== 'bad-path') return undefined
    return toFetchResponse(await options.handle(simRequest))
  })
  const operationHandlers = operationsInMatchOrder.map((operation) =>
    methods[operation.method](mswPath(options.baseUrl, operation.path), async ({ request, params }) => {
      const raw: Record<string, string> = {}
      for (const [name, value] of Object.entries(params)) if (typeof value === 'string') raw[name] = value
      return toFetchResponse(await options.execute(operation, raw, fromFetchRequest(request)))
    }),
  )
  return [malformedPathGuard, ...operationHandlers]
}

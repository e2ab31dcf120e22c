/**
 * The simulator's msw request handlers: one per HTTP method the API uses, each matching exactly the
 * URLs of that method's operations, and each handing the request to the simulator, whose own router
 * (pipeline/router.ts) picks the operation. msw tries its handlers one by one and compiles a string
 * path pattern on every try; with one handler per operation, routing in msw cost more than
 * answering, and a few precompiled RegExps leave the choice to the router, the same one the
 * standalone server uses.
 */
import { type HttpHandler, HttpResponse, http } from 'msw'
import { fromFetchRequest, type SimRequest, type SimResponse } from '../../http/sim-request.ts'
import { operationsInMatchOrder } from '../../pipeline/router.ts'

/** A SimResponse as a Fetch Response; a scenario's network error becomes msw's `HttpResponse.error()`. */
function toFetchResponse(response: SimResponse): Response {
  if (response.networkError) return HttpResponse.error()
  return new HttpResponse(response.body, { status: response.status, headers: response.headers })
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Any origin, as msw's `*` matches one: a scheme, then the authority. */
const ANY_ORIGIN = '[^:/?#]+://[^/?#]+'

/** The base URL split into the origin pattern and the path prefix the API's paths sit under. */
function splitBaseUrl(baseUrl: string): { origin: string; basePath: string } {
  if (baseUrl === '*') return { origin: ANY_ORIGIN, basePath: '' }
  const trimmed = baseUrl.replace(/\/+$/, '')
  // A relative base (`/api`), as a browser app may give: its path on any origin.
  if (trimmed.startsWith('/')) return { origin: ANY_ORIGIN, basePath: trimmed }
  const match = /^([^:/?#]+:\/\/[^/?#]*)(.*)$/.exec(trimmed)
  if (match === null) throw new Error(`baseUrl must be "*", an absolute URL or a path, got ${JSON.stringify(baseUrl)}`)
  return { origin: escapeRegExp(match[1]!), basePath: match[2]! }
}

/**
 * The URLs of the API's `method` operations under `baseUrl` (msw matches the URL without its query),
 * as one RegExp:
 * - without groups: msw decodes what a group captures with decodeURIComponent and would answer a
 *   malformed escape (`/users/%E0%A4%A`) with a 500; with nothing to decode, the router sees the
 *   path as sent and answers it with its 400;
 * - case-insensitive, as the router compares path literals (msw 3 compares a string pattern's
 *   literals case-sensitively, msw 2 did not: the router now decides under both);
 * - the API's paths and nothing else: msw counts a request a handler matched as handled even when
 *   its resolver answers nothing, and would never report it to `onUnhandledRequest`.
 */
export function apiUrlPattern(baseUrl: string, method: string): RegExp {
  const { origin, basePath } = splitBaseUrl(baseUrl)
  const paths = new Set(
    operationsInMatchOrder
      .filter((operation) => operation.method === method)
      .map((operation) =>
        operation.path
          .split('/')
          .map((segment) => (segment.startsWith('{') ? '[^/]+' : escapeRegExp(segment)))
          .join('/'),
      ),
  )
  return new RegExp(`^${origin}${escapeRegExp(basePath)}(?:${[...paths].join('|')})/?$`, 'i')
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const

export interface HandlerOptions {
  /** `*` (any origin), an origin with an optional path, or a path (any origin). */
  baseUrl: string
  /** Routes and answers a request whose path is the API's (the base URL's path taken off). */
  handle: (request: SimRequest) => Promise<SimResponse>
}

export function createHandlers({ baseUrl, handle }: HandlerOptions): HttpHandler[] {
  const { basePath } = splitBaseUrl(baseUrl)
  return Object.entries(methods)
    .filter(([method]) => operationsInMatchOrder.some((operation) => operation.method === method))
    .map(([method, handler]) =>
      handler(apiUrlPattern(baseUrl, method), async ({ request }) =>
        toFetchResponse(await handle(fromFetchRequest(request, basePath.length))),
      ),
    )
}

/**
 * The simulator's msw request handler: one handler for the whole API, whose predicate is the simulator's own router
 * (pipeline/router.ts), as msw compiles a string path pattern on every try of every handler. The predicate's match
 * is handed to the resolver, so a request is routed once.
 */
import type { HttpHandler } from 'msw'
import { fromFetchRequest, type SimRequest, type SimResponse } from '../../http/sim-request.ts'
import { worldGeneratorFor } from '../../pipeline/generator-gate.ts'
import { matchRoute, type RouteMatch } from '../../pipeline/router.ts'
import { statusPhrase } from '../../scenarios/status-phrases.ts'
import { mswHttp } from './msw-http.ts'

/**
 * A SimResponse as a Fetch Response (a network error: `Response.error()`, a failed fetch in msw). A plain Response,
 * not msw's HttpResponse, which the Node entries do not import (msw-http.ts); with the reason phrase it would give.
 */
function toFetchResponse(response: SimResponse): Response {
  if (response.networkError) return Response.error()
  return new Response(response.body, {
    status: response.status,
    statusText: statusPhrase(response.status),
    headers: response.headers,
  })
}

/** The base URL as the origin it names (null: any) and the path prefix the API's paths sit under. */
function splitBaseUrl(baseUrl: string): { origin: string | null; basePath: string } {
  if (baseUrl === '*') return { origin: null, basePath: '' }
  const trimmed = baseUrl.replace(/\/+$/, '')
  // A relative base (`/api`), as a browser app may give: its path on any origin.
  if (trimmed.startsWith('/')) return { origin: null, basePath: trimmed }
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw new Error(`baseUrl must be "*", an absolute URL or a path, got ${JSON.stringify(baseUrl)}`)
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') }
}

/**
 * The route of a request for the API under `baseUrl`: an operation, or a path the router refuses as malformed
 * (answered 400); else null, as msw counts a matched request as handled even when it answers nothing and would never
 * report it to `onUnhandledRequest`. msw decodes nothing for a custom predicate, so literals match in any case.
 */
export function apiRouteMatcher(baseUrl: string): (method: string, url: string) => RouteMatch | null {
  const { origin, basePath } = splitBaseUrl(baseUrl)
  const prefix = basePath.toLowerCase()
  return (method, url) => {
    const parsed = new URL(url)
    if (origin !== null && parsed.origin !== origin) return null
    let path = parsed.pathname
    if (prefix !== '') {
      if (path[prefix.length] !== '/' || path.slice(0, prefix.length).toLowerCase() !== prefix) return null
      path = path.slice(prefix.length)
    }
    const match = matchRoute(method.toUpperCase(), path)
    return match.kind === 'operation' || match.kind === 'bad-path' ? match : null
  }
}

export interface HandlerOptions {
  /** `*` (any origin), an origin with an optional path, or a path (any origin). */
  baseUrl: string
  /** Answers a request whose path is the API's (the base URL's path taken off), with the route it matched. */
  execute: (request: SimRequest, match: RouteMatch) => Promise<SimResponse>
}

/** The name msw shows for the simulator's handler, whatever a bundler's minifier did to our code. */
const HANDLER_NAME = 'debt-token-simulator'

/** `fn` with `name` as its own name: a string a minifier keeps, where it renames identifiers. */
function named<F extends (...args: never[]) => unknown>(name: string, fn: F): F {
  return Object.defineProperty(fn, 'name', { value: name })
}

export function createHandlers({ baseUrl, execute }: HandlerOptions): HttpHandler[] {
  const { basePath } = splitBaseUrl(baseUrl)
  const routeOf = apiRouteMatcher(baseUrl)
  // msw 2 and msw 3 hand the predicate and the resolver the same Request object
  // (RequestHandler.run), so the predicate's match waits here for the resolver, keyed by it.
  const matches = new WeakMap<Request, RouteMatch>()
  const handler = mswHttp().all(
    named(`${HANDLER_NAME} routes`, ({ request }: { request: Request }) => {
      const match = routeOf(request.method, request.url)
      if (match === null) return false
      matches.set(request, match)
      return true
    }),
    named(`${HANDLER_NAME} answers`, async ({ request }: { request: Request }) => {
      // Routed again only if a later msw passed the resolver another object than the predicate.
      const match: RouteMatch = matches.get(request) ?? routeOf(request.method, request.url) ?? { kind: 'not-found' }
      matches.delete(request)
      const simRequest = fromFetchRequest(request, basePath.length)
      await worldGeneratorFor(simRequest, match) // a browser page loads it on demand; Node entries have it
      return toFetchResponse(await execute(simRequest, match))
    }),
  )
  // msw names a handler by `info.header` ("all [custom predicate]" for ours) and shows `info.callFrame`, the first
  // stack frame outside msw: a line of this package's minified bundle. Neither tells a user whose handler answered.
  handler.info.header = `${HANDLER_NAME}: every API operation under ${baseUrl === '*' ? 'any origin' : baseUrl}`
  handler.info.callFrame = `${HANDLER_NAME} (createSimulator().handlers)`
  return [handler]
}

/**
 * Who may call the standalone server from a browser. API routes answer every origin (the API uses
 * Bearer tokens, not cookies): every response allows it, and preflights allow every method and
 * header the API uses. The control API (/__sim) is the developer's: it answers CORS only for
 * loopback origins and the origins given with --control-origin, refuses other origins and, when
 * the server listens on loopback, requests whose Host is not a loopback name (DNS rebinding), and
 * its POST and PUT requests must say Content-Type: application/json, so a browser must preflight.
 */
import type { IncomingMessage } from 'node:http'
import { ApiError } from '../../http/api-error.ts'

const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS'
const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, X-Sim-Scenario, X-Sim-Session'
const CORS_EXPOSED_HEADERS = 'X-Sim-Operation, X-Sim-Scenario, X-Sim-Session, WWW-Authenticate, Allow'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** Who may use the control API, besides clients without an Origin (curl, tests, the replay). */
export interface ControlAccess {
  /** Origins allowed besides loopback ones (`--control-origin`), e.g. `https://qa.example.com`. */
  readonly origins: ReadonlySet<string>
  /** Whether the server listens on a loopback address: then the Host must be a loopback name. */
  readonly loopbackOnly: boolean
}

export function isLoopbackAddress(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/** An Origin (`http://localhost:5173`) whose host is a loopback name, any port. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackAddress(url.hostname)
  } catch {
    return false
  }
}

/** A Host header (`127.0.0.1:4010`, `[::1]:4010`, `localhost`) that names a loopback address. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!
  return isLoopbackAddress(name.toLowerCase())
}

/** Whether a request's Origin may read control answers: none (not a browser), loopback, or listed. */
export function controlOriginAllowed(origin: string | undefined, access: ControlAccess): boolean {
  return origin === undefined || isLoopbackOrigin(origin) || access.origins.has(origin)
}

/**
 * Throws the 403 or 415 a control request deserves, or returns when it may go on. Runs before the
 * control route: a refused request reaches nothing.
 */
export function admitControlRequest(request: IncomingMessage, method: string, access: ControlAccess): void {
  if (access.loopbackOnly && !isLoopbackHost(request.headers.host)) {
    throw new ApiError(
      403,
      `the control API answers only Host localhost, 127.0.0.1 or [::1] while the server listens on loopback, got ${JSON.stringify(String(request.headers.host ?? '').slice(0, 60))}`,
    )
  }
  const origin = request.headers.origin
  if (!controlOriginAllowed(origin, access)) {
    throw new ApiError(
      403,
      `the control API does not answer the origin ${JSON.stringify(String(origin).slice(0, 80))}: start the server with --control-origin ${String(origin).slice(0, 80)} to allow it`,
    )
  }
  if (
    (method === 'POST' || method === 'PUT') &&
    !/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')
  ) {
    throw new ApiError(415, `${method} requests to the control API must send Content-Type: application/json`)
  }
}

/** @param allowOrigin false for a control answer to an origin that may not read it: no CORS headers then. */
export function corsHeaders(request: IncomingMessage, allowOrigin = true): Record<string, string> {
  const origin = request.headers.origin
  if (!allowOrigin) return { vary: 'Origin' }
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': CORS_EXPOSED_HEADERS,
    ...(origin !== undefined && { vary: 'Origin' }),
  }
}

export function preflightHeaders(request: IncomingMessage): Record<string, string> {
  const requested = request.headers['access-control-request-headers']
  return {
    ...corsHeaders(request),
    'access-control-allow-methods': CORS_ALLOWED_METHODS,
    'access-control-allow-headers': requested ? `${CORS_ALLOWED_HEADERS}, ${requested}` : CORS_ALLOWED_HEADERS,
    'access-control-max-age': '600',
  }
}

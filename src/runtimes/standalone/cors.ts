/**
 * Who may call the standalone server from a browser (docs/security.md). API routes answer every origin
 * (the API uses Bearer tokens, not cookies). The control API (/__sim) answers only loopback and
 * `--control-origin` origins, refuses a non-loopback Host while listening on loopback (DNS rebinding),
 * and takes only JSON writes, so a browser must preflight. The steering headers X-Sim-Session and
 * X-Sim-Scenario, and an operation `serve --proxy --token` forwards, are taken only from those callers.
 */
import type { IncomingMessage } from 'node:http'
import { ApiError } from '../../http/api-error.ts'
import type { SimRequest } from '../../http/sim-request.ts'
import { isLoopbackHost, isLoopbackOrigin } from './loopback.ts'

const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS'
const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type'
/** Allowed only to the callers the control API answers (admitSteeringHeaders). */
const CORS_STEERING_HEADERS = 'X-Sim-Scenario, X-Sim-Session'
/** X-Sim-Upstream, X-Sim-Drift and X-Sim-Proxy-Failure tell a page behind `serve --proxy` where its answer was from. */
const CORS_EXPOSED_HEADERS =
  'X-Sim-Operation, X-Sim-Scenario, X-Sim-Session, X-Sim-Upstream, X-Sim-Drift, X-Sim-Proxy-Failure, WWW-Authenticate, Allow'

/** Who may use the control API, besides clients without an Origin (curl, tests, the replay). */
export interface ControlAccess {
  /** Origins allowed besides loopback ones (`--control-origin`), e.g. `https://qa.example.com`. */
  readonly origins: ReadonlySet<string>
  /** Whether the server listens on a loopback address: then the Host must be a loopback name. */
  readonly loopbackOnly: boolean
}

/** Whether a request's Origin may read control answers: none (not a browser), loopback, or listed. */
export function controlOriginAllowed(origin: string | undefined, access: ControlAccess): boolean {
  return origin === undefined || isLoopbackOrigin(origin) || access.origins.has(origin)
}

/**
 * Throws the 403 or 415 a control request deserves, before the control route runs. `routed`: whether a
 * control route takes this method at this path; when none does, its 404 or 405 says so, not a 415.
 */
export function admitControlRequest(
  request: IncomingMessage,
  method: string,
  access: ControlAccess,
  routed = true,
): void {
  admitBrowserCaller(request.headers.host, request.headers.origin, access, CONTROL_API)
  if (!routed || (method !== 'POST' && method !== 'PUT')) return
  if (/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) return
  // A bodyless write from a caller that is not a browser (curl, a generated client) has no type to
  // declare. A browser sends Origin with every POST and PUT and Sec-Fetch-Site with every request, so a
  // page's bodyless write still needs the JSON type, and with it a preflight.
  if (!fromBrowser(request) && !hasBody(request)) return
  throw new ApiError(415, `${method} requests to the control API must send Content-Type: application/json`)
}

/** Whether a request says it comes from a browser: its Origin, or the Sec-Fetch-Site browsers add. */
function fromBrowser(request: IncomingMessage): boolean {
  return request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined
}

/** Whether a request carries a body: HTTP/1.1 frames one with Content-Length (above 0) or Transfer-Encoding. */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0)
}

/** How a refusal names what was refused: the control API, or a steering header of an API call. */
interface Refused {
  readonly hostOnly: string
  readonly notFrom: string
}

const CONTROL_API: Refused = { hostOnly: 'the control API answers only', notFrom: 'the control API does not answer' }

/** Whether the control API would answer this caller (its Host and Origin; not its method or type). */
function mayBrowserCallerSteer(request: IncomingMessage, access: ControlAccess): boolean {
  return (
    (!access.loopbackOnly || isLoopbackHost(request.headers.host)) &&
    controlOriginAllowed(request.headers.origin, access)
  )
}

/** Throws the 403 for a caller the control API refuses: a rebound Host while listening on loopback, a foreign Origin. */
function admitBrowserCaller(
  host: string | undefined,
  origin: string | undefined,
  access: ControlAccess,
  refused: Refused,
): void {
  if (access.loopbackOnly && !isLoopbackHost(host)) {
    throw new ApiError(
      403,
      `${refused.hostOnly} Host localhost, 127.0.0.1 or [::1] while the server listens on loopback, got ${JSON.stringify(String(host ?? '').slice(0, 60))}`,
    )
  }
  if (!controlOriginAllowed(origin, access)) {
    throw new ApiError(
      403,
      `${refused.notFrom} the origin ${JSON.stringify(String(origin).slice(0, 80))}: start the server with --control-origin ${String(origin).slice(0, 80)} to allow it`,
    )
  }
}

/** The request headers that steer the simulator from an API call: which session, which scenario. */
const STEERING_HEADERS = ['x-sim-session', 'x-sim-scenario'] as const

/**
 * An API call (or preflight) that names a session or scenario steers the simulator: admitted only from the
 * control API's callers, so a foreign page can neither fill the session table nor move a scenario's counters.
 */
export function admitSteeringHeaders(request: IncomingMessage, access: ControlAccess, sessionCookie = false): void {
  const requested = request.method === 'OPTIONS' ? (request.headers['access-control-request-headers'] ?? '') : ''
  const named: string[] = STEERING_HEADERS.filter(
    (name) => request.headers[name] !== undefined || requested.toLowerCase().includes(name),
  ).map((name) => (name === 'x-sim-session' ? 'X-Sim-Session' : 'X-Sim-Scenario'))
  // The sim-session cookie, read when X-Sim-Session is not sent (session-cookie.ts), steers as it would.
  if (sessionCookie) named.unshift('the sim-session cookie')
  if (named.length === 0) return
  const headers = named.join(' and ')
  const verb = named.length === 1 ? 'is' : 'are'
  admitBrowserCaller(request.headers.host, request.headers.origin, access, {
    hostOnly: `${headers} (like the control API) ${verb} taken only with`,
    notFrom: `${headers} (like the control API) ${verb} not taken from`,
  })
}

const TOKEN_LENT: Refused = {
  hostOnly: "an operation forwarded with the proxy's --token is answered only with",
  notFrom: "an operation forwarded with the proxy's --token is not answered for",
}

/**
 * What `serve --proxy --token` asks of a caller before forwarding with the token: the control API's rule,
 * as the token acts on the real service as the operator; open CORS would lend it to any page.
 */
export function tokenCallerAdmission(access: ControlAccess): (request: SimRequest) => void {
  return (request) =>
    admitBrowserCaller(request.header('host') ?? undefined, request.header('origin') ?? undefined, access, TOKEN_LENT)
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

/**
 * A preflight's answer. The steering headers are advertised only to callers that may send them: a
 * cached preflight that listed them would spare a foreign page the preflight its request deserves.
 */
export function preflightHeaders(request: IncomingMessage, access: ControlAccess): Record<string, string> {
  const requested = request.headers['access-control-request-headers']
  const allowed = mayBrowserCallerSteer(request, access)
    ? `${CORS_ALLOWED_HEADERS}, ${CORS_STEERING_HEADERS}`
    : CORS_ALLOWED_HEADERS
  return {
    ...corsHeaders(request),
    'access-control-allow-methods': CORS_ALLOWED_METHODS,
    'access-control-allow-headers': requested ? `${allowed}, ${requested}` : allowed,
    'access-control-max-age': '600',
  }
}

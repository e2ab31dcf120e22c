/**
 * The `X-Sim-Session` header naming the session a request runs against, and the `sim-session` cookie
 * that carries it through a server-rendered app (docs/server-rendered.md).
 */
import type { SimRequest } from '../http/sim-request.ts'

export const SESSION_HEADER = 'x-sim-session'

/** The cookie the Playwright fixture sets for the app, naming the test's session (docs/server-rendered.md). */
export const SESSION_COOKIE = 'sim-session'

/**
 * The session id a request names, or null without the header. An empty header is the empty id, so it
 * is refused with a 400 like any malformed id rather than quietly acting on the shared world.
 */
export function sessionOf(request: Pick<SimRequest, 'header'>): string | null {
  return request.header(SESSION_HEADER)?.trim() ?? null
}

/** The `sim-session` cookie's value in a `Cookie` header, or undefined (the first, as a browser sends the most specific first). */
export function sessionCookieIn(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=')
    if (equals === -1 || pair.slice(0, equals).trim() !== SESSION_COOKIE) continue
    const value = pair.slice(equals + 1).trim()
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value
  }
  return undefined
}

/**
 * Where an app's server finds the `sim-session` cookie: its value, a cookie store such as Next's
 * `await cookies()`, or the incoming Fetch `Request` (a React Router loader's `request`).
 */
export type SessionCookieSource =
  | string
  | null
  | undefined
  | { get(name: string): { value: string } | undefined }
  | { headers: { get(name: string): string | null } }

/**
 * The headers that carry a Playwright test's session from an app's server to the simulator:
 * `{ 'x-sim-session': <cookie> }`, or `{}` outside a test. Spread them into server-side fetches:
 * `fetch(url, { headers: { ...simulatorSessionHeaders(await cookies()) } })`.
 */
export function simulatorSessionHeaders(from: SessionCookieSource): Record<string, string> {
  const session =
    typeof from !== 'object' || from === null
      ? from
      : 'headers' in from
        ? sessionCookieIn(from.headers.get('cookie') ?? undefined)
        : from.get(SESSION_COOKIE)?.value
  return session ? { [SESSION_HEADER]: session } : {}
}

/**
 * The `sim-session` cookie: an API call without `X-Sim-Session` runs in the session it names, for an app that
 * forwards cookies. The control API takes the header only, so it still shows the whole server.
 */
import type { IncomingMessage } from 'node:http'
import { ApiError } from '../../http/api-error.ts'
import { SESSION_COOKIE, SESSION_HEADER, sessionCookieIn } from '../../sessions/session-header.ts'
import { SESSION_ID_PATTERN } from '../../sessions/session-registry.ts'

/** The session the cookie names for an API call without the header, or undefined. */
export function cookieSessionOf(request: IncomingMessage): string | undefined {
  return request.headers[SESSION_HEADER] === undefined ? sessionCookieIn(request.headers.cookie) : undefined
}

/** Throws the 400 a malformed cookie session gets, as a malformed header gets one. */
export function assertCookieSession(session: string): void {
  if (!SESSION_ID_PATTERN.test(session))
    throw ApiError.badRequest(
      `cookie ${SESSION_COOKIE} must be 1-64 characters of A-Z a-z 0-9 . _ ~ -, other than . and .. (it names the X-Sim-Session of a request that sends none)`,
    )
}

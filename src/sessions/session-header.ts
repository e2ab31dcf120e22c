/** The `X-Sim-Session` header: which isolated copy of the service (session) a request runs against. */
import type { SimRequest } from '../http/sim-request.ts'

export const SESSION_HEADER = 'x-sim-session'

/**
 * The session id a request names, or null without the header. An empty header is returned as the
 * empty id, not as "no session": the document says the header is 1-64 characters, so `X-Sim-Session:`
 * is refused with a 400 like any other malformed id, rather than quietly acting on the shared world.
 */
export function sessionOf(request: Pick<SimRequest, 'header'>): string | null {
  return request.header(SESSION_HEADER)?.trim() ?? null
}

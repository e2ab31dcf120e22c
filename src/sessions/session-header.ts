/** The `X-Sim-Session` header: which isolated copy of the service (session) a request runs against. */
import type { SimRequest } from '../http/sim-request.ts'

export const SESSION_HEADER = 'x-sim-session'

/** The session id a request names, or null (an empty header names none). */
export function sessionOf(request: Pick<SimRequest, 'header'>): string | null {
  const value = request.header(SESSION_HEADER)?.trim()
  return value === undefined || value === '' ? null : value
}

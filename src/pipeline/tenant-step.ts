/**
 * Picks the tenant a request runs against: the session named by `X-Sim-Session` (created on first
 * use), or the default one. Later steps read `locals.tenant` and run against `context.state`.
 */
import type { SessionRegistry } from '../sessions/session-registry.ts'
import type { Tenant } from '../sessions/tenant.ts'
import type { Step } from './compose.ts'
import type { SimRequest } from './sim-request.ts'
import type { WorldState } from './operation-steps.ts'

export const SESSION_HEADER = 'x-sim-session'

/** The session id a request names, or null (an empty header names none). */
export function sessionOf(request: Pick<SimRequest, 'header'>): string | null {
  const value = request.header(SESSION_HEADER)?.trim()
  return value === undefined || value === '' ? null : value
}

export function tenantStep<State extends WorldState>(defaultTenant: () => Tenant, sessions: SessionRegistry<Tenant>): Step<State> {
  return (context, next) => {
    const session = sessionOf(context.request)
    const tenant = session === null ? defaultTenant() : sessions.get(session)
    context.locals.tenant = tenant
    context.state = tenant.state as State
    return next()
  }
}

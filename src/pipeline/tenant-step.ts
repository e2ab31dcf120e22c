/**
 * Picks the tenant a request runs against: the session named by `X-Sim-Session` (created on first
 * use), or the default one. Later steps read `locals.tenant` and run against `context.state`.
 */

import type { WorldState } from '../model/world-state.ts'
import { sessionOf } from '../sessions/session-header.ts'
import type { SessionRegistry } from '../sessions/session-registry.ts'
import type { Tenant } from '../sessions/tenant.ts'
import type { Step } from './compose.ts'

export function tenantStep<State extends WorldState>(
  defaultTenant: () => Tenant,
  sessions: SessionRegistry<Tenant>,
): Step<State> {
  return (context, next) => {
    const session = sessionOf(context.request)
    const tenant = session === null ? defaultTenant() : sessions.get(session)
    context.locals.tenant = tenant
    context.state = tenant.state as State
    return next()
  }
}

/**
 * Picks the tenant a request runs against: the session named by `X-Sim-Session` (created on first
 * use), or the default one. Later steps read `context.tenant` and run against `context.state`.
 */

import { sessionOf } from '../sessions/session-header.ts'
import type { SessionRegistry } from '../sessions/session-registry.ts'
import type { Tenant } from '../sessions/tenant.ts'
import type { Step } from './compose.ts'

export function tenantStep(defaultTenant: () => Tenant, sessions: SessionRegistry<Tenant>): Step {
  return (context, next) => {
    const session = sessionOf(context.request)
    const tenant = session === null ? defaultTenant() : sessions.get(session)
    context.tenant = tenant
    context.state = tenant.state
    return next()
  }
}

/**
 * A tenant is one isolated copy of the simulated service: the default one, or a session's. Each starts
 * from the same seeded world, so a session costs nothing until it writes; the clock is shared by all.
 */
import type { WorldState } from '../model/world-state.ts'
import { createScenarioActivation, type ScenarioActivation } from '../scenarios/scenario-activation.ts'
import type { ScenarioCatalog } from '../scenarios/scenario-catalog.ts'
import type { ScenarioWorld } from '../scenarios/scenario-schema.ts'

export interface Tenant {
  /** The session id, or null for the default tenant. */
  readonly session: string | null
  /** The world state requests run against (a scenario with a world replaces it). */
  state: WorldState
  readonly scenarios: ScenarioActivation
  /** Back to the seeded world and sequence, without a scenario. */
  reset(): void
}

export interface TenantFactoryOptions {
  readonly catalog: ScenarioCatalog
  readonly seed: number
  freshState(world?: ScenarioWorld): WorldState
  /** Builds a scenario world ahead for the `freshState` that follows (ScenarioWorlds.prepare). */
  prepareWorld?(world: ScenarioWorld): Promise<void>
}

export function createTenant(session: string | null, options: TenantFactoryOptions): Tenant {
  const tenant: Tenant = {
    session,
    state: options.freshState(),
    scenarios: createScenarioActivation({
      catalog: options.catalog,
      seed: options.seed,
      freshState: options.freshState,
      ...(options.prepareWorld !== undefined && { prepareWorld: options.prepareWorld }),
      replaceState: (next) => void (tenant.state = next),
    }),
    reset() {
      tenant.scenarios.reset()
      tenant.state = options.freshState()
    },
  }
  return tenant
}

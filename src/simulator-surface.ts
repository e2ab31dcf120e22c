/** The simulator's public shape: what tests use most at the top level, the rest in groups (decision 0022). */

import type { SimRequest, SimResponse } from './http/sim-request.ts'
import type { Clock } from './model/clock.ts'
import type { Model } from './model/model.ts'
import type { WorldSnapshot } from './model/world.ts'
import type { Journal } from './observability/journal.ts'
import type { ExchangeCounter, ExchangeListener } from './pipeline/journal-step.ts'
import type { RouteMatch } from './pipeline/router.ts'
import type { ScenarioRefresh } from './scenarios/scenario-activation.ts'
import type { Scenario } from './scenarios/scenario-schema.ts'
import type { SessionInfo } from './sessions/session-registry.ts'
import type { StateOptions, StateView, TenantControls, TenantScenarios } from './sessions/tenant-controls.ts'
import type { SimulatorOptions } from './simulator-options.ts'

/** The default world's scenario, and the catalog of scenarios every tenant chooses from. */
export interface SimulatorScenarios extends TenantScenarios {
  /** Names of the scenarios `use` and the X-Sim-Scenario header accept. */
  readonly names: readonly string[]
  /** A scenario `use` accepts by name, validated (undefined: unknown). */
  definition(name: string): Scenario | undefined
}

/** The recent requests and their replies (a bounded ring buffer), and a way to hear of each new one. */
export interface SimulatorJournal extends Pick<Journal, 'capacity' | 'list' | 'after' | 'epoch' | 'total' | 'clear'> {
  /** Calls `listener` after every request the simulator answered; returns the unsubscribe. */
  onExchange(listener: ExchangeListener): () => void
}

/** The sessions (`X-Sim-Session`): isolated worlds created on first use, ended when idle. */
export interface SimulatorSessions {
  /** A session's controls, creating the session if needed (what `X-Sim-Session: id` uses). */
  get(id: string): TenantControls
  list(): SessionInfo[]
  /** Ends a session; false when there was none. */
  delete(id: string): boolean
  readonly limit: number
  readonly idleMs: number
}

/** What the runtimes that serve the simulator use (msw handlers, standalone server, `serve --watch`): not for tests. */
export interface SimulatorHost {
  /** The seeded world the default tenant starts from. */
  readonly world: WorldSnapshot
  /** The real service's base URL when operations are forwarded to it (`serve --proxy`), else null. */
  readonly forwardsTo: string | null
  /** What starting from the persisted world warned about (a stored clock of the other mode, a torn last entry). */
  readonly persistenceWarnings: readonly string[]
  /** Routes and answers a request (404/405 for unknown routes): `execute` with the router's match. */
  handle(request: SimRequest): Promise<SimResponse>
  /**
   * Answers a request the caller has already routed, so that a request is routed once: an operation
   * runs the pipeline; anything else is answered 400, 404 or 405, as `handle` answers it.
   */
  execute(request: SimRequest, match: RouteMatch): Promise<SimResponse>
  /**
   * Builds a scenario's world (by name, or an object) ahead of `scenarios.use`, yielding to the event
   * loop so that the activation right after it holds no other client. Never throws: `scenarios.use`
   * refuses what is not valid.
   */
  prepareScenario(nameOrScenario: unknown): Promise<void>
  /** Replaces the scenarios given besides the shipped ones (`serve --watch`); see `ScenarioActivation.refresh`. */
  replaceScenarios(scenarios: Readonly<Record<string, unknown>>): (ScenarioRefresh & { session: string | null })[]
  /** Replaces the seeded world (`serve --watch`): the default tenant starts over from it, sessions end. */
  replaceWorld(fixtures: NonNullable<SimulatorOptions['fixtures']>): void
  /**
   * Resolves once the default world takes changes (after a failed store, once the whole state is
   * stored); rejects, saying why, when that fails too: a change must then not be made.
   */
  writable(): Promise<void>
  /** The OpenAPI 3.1 document of the simulated API, built once per server URL (`buildOpenApiDocument` builds one anew). */
  openapi(serverUrl?: string): Promise<Record<string, unknown>>
  /**
   * Calls `counter` after every answered request with the few unformatted fields a count needs (what
   * coverage records). The object passed is the journal's: read it then, never keep or change it.
   * Returns the unsubscribe.
   */
  countExchanges(counter: ExchangeCounter): () => void
}

/** The simulator without its msw handlers: the default world's controls and what every tenant shares. */
export interface SimulatorCore {
  /** The default world's live model (replaced by `reset()` and by a scenario with a world). */
  readonly model: Model
  /** The one clock every tenant shares. */
  readonly clock: Clock
  readonly seed: number
  /** Back to the seeded world, random sequence and clock, without a scenario; ends sessions, empties the journal. */
  reset(): void
  /** Factories of coherent records in the default world: `await create.debtTokens({ debtorAddress }, { state: 'overdue' })`. */
  readonly create: TenantControls['create']
  /** `count` records of a table at once: `await createMany.users(3)`; the same function as `create.<table>.many`. */
  readonly createMany: TenantControls['createMany']
  /** One factory call, as `POST /__sim/factories/{table}` runs it: resolves with `{ records, linked }`. */
  createRecords: TenantControls['createRecords']
  /** The model's state (default tenant, or a session's), for inspection. */
  state(options?: StateOptions): StateView
  /** Resolves once every change of the default world so far is stored (at once without persistence). */
  stored(): Promise<void>
  /** Stores what is pending and releases the persistence store (its lock); nothing is stored after. */
  close(): Promise<void>
  /** The scenario: `scenarios.use('slow-backend')`, `scenarios.addRule(rule)`, `scenarios.status()`, `scenarios.names`. */
  readonly scenarios: SimulatorScenarios
  /** The recent requests and their replies: `journal.list({ operation })`, `journal.onExchange(listener)`. */
  readonly journal: SimulatorJournal
  /** The sessions: `sessions.get(id)` for a session's controls, `sessions.list()`, `sessions.delete(id)`. */
  readonly sessions: SimulatorSessions
  /** For the runtimes that serve the simulator, not for tests (see `SimulatorHost`). */
  readonly host: SimulatorHost
}

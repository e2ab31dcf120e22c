/**
 * The composition root without msw: `createSimulatorCore()` builds one self-contained simulator
 * (its world, model, clock, seeded random source, tenants, journal and pipeline). Instances share
 * nothing. `createSimulator()` (simulator.ts) adds the msw handlers; the standalone server's direct
 * engine runs on the core alone, so it starts without loading msw.
 */

import { buildOpenApiDocument } from './contract/openapi.ts'
import type { Operation } from './contract/operations.ts'
import { ApiError, errorResponse } from './http/api-error.ts'
import type { SimRequest, SimResponse } from './http/sim-request.ts'
import { type Clock, createClock } from './model/clock.ts'
import { loadWorld, worldInstant } from './model/load-world.ts'
import { createModel, DEFAULT_MAX_RECORDS } from './model/model.ts'
import { DEFAULT_SEED } from './model/random.ts'
import type { WorldSnapshot } from './model/world.ts'
import type { WorldKeeper } from './model/world-keeper.ts'
import type { WorldState } from './model/world-state.ts'
import { DEFAULT_JOURNAL_CAPACITY, Journal } from './observability/journal.ts'
import { compose } from './pipeline/compose.ts'
import { createRecorder, type ExchangeCounter, type ExchangeListener, journalStep } from './pipeline/journal-step.ts'
import { authenticateStep, resolveStep } from './pipeline/operation-steps.ts'
import { proxyStep } from './pipeline/proxy-step.ts'
import { matchRoute, methodNotAllowed } from './pipeline/router.ts'
import { scenarioStep } from './pipeline/scenario-step.ts'
import { tenantStep } from './pipeline/tenant-step.ts'
import { resolvers } from './resolvers/index.ts'
import type { ScenarioRefresh } from './scenarios/scenario-activation.ts'
import { createScenarioCatalog, parseNamedScenarios } from './scenarios/scenario-catalog.ts'
import { type Scenario, Scenario as ScenarioSchema, type ScenarioWorld } from './scenarios/scenario-schema.ts'
import { createScenarioWorlds } from './scenarios/scenario-worlds.ts'
import { shippedScenarioEntries } from './scenarios/shipped-scenarios.ts'
import { type SessionInfo, SessionRegistry } from './sessions/session-registry.ts'
import { createTenant, type Tenant } from './sessions/tenant.ts'
import {
  type StateOptions,
  type StateView,
  stateView,
  type TenantControls,
  tenantControls,
} from './sessions/tenant-controls.ts'
import type { SimulatorOptions } from './simulator-options.ts'

export type { ScenarioStatus, StateOptions, StateView, TenantControls } from './sessions/tenant-controls.ts'
export type { SimulatorOptions } from './simulator-options.ts'

/** The default tenant's controls, plus what the whole simulator shares. */
export interface SimulatorCore extends TenantControls {
  /** The one clock every tenant shares. */
  readonly clock: Clock
  readonly world: WorldSnapshot
  /**
   * Back to the seeded world, the seeded random sequence and the initial clock, without a scenario;
   * also ends every session and empties the journal.
   */
  reset(): void
  /** Names of the scenarios `useScenario` and the X-Sim-Scenario header accept. */
  readonly scenarios: readonly string[]
  /** A scenario `useScenario` accepts by name, validated (undefined: unknown); and the seed. */
  scenarioDefinition(name: string): Scenario | undefined
  /**
   * Builds the world of a scenario (by name, or an object) ahead of `useScenario`, letting the event
   * loop turn while its `world.create` records are made, so that the activation right after it
   * holds no other client (PUT /__sim/scenario awaits it). Never throws: a scenario or world that
   * is not valid is refused by `useScenario`, as before.
   */
  prepareScenario(nameOrScenario: unknown): Promise<void>
  readonly seed: number
  /** The real service's base URL when operations are forwarded to it (`serve --proxy`), else null. */
  readonly forwardsTo: string | null
  /** The recent requests and their replies (a bounded ring buffer). */
  readonly journal: Journal
  /** Calls `listener` after every request the simulator answered; returns the unsubscribe. */
  onExchange(listener: ExchangeListener): () => void
  /**
   * Calls `counter` after every request the simulator answered with the few fields a count needs,
   * unformatted (what the coverage wing records; `onExchange` formats a whole entry for each
   * listener). The object passed is the journal's: read it then, never keep or change it.
   * Returns the unsubscribe.
   */
  countExchanges(counter: ExchangeCounter): () => void
  /** A session's controls, creating the session if needed (what `X-Sim-Session: id` uses). */
  session(id: string): TenantControls
  readonly sessions: {
    list(): SessionInfo[]
    /** Ends a session; false when there was none. */
    delete(id: string): boolean
    readonly limit: number
    readonly idleMs: number
  }
  /** The model's state (default tenant, or a session's), for inspection. */
  state(options?: StateOptions): StateView
  /** The OpenAPI 3.1 document of the simulated API. */
  openapi(serverUrl?: string): Record<string, unknown>
  /** Routes and answers a request as the standalone server does (404/405 for unknown routes). */
  handle(request: SimRequest): Promise<SimResponse>
  /** Answers a request already matched to `operation` (what each msw handler calls). */
  execute(operation: Operation, params: Record<string, string>, request: SimRequest): Promise<SimResponse>
  /** Replaces the scenarios given besides the shipped ones (`serve --watch`); see `ScenarioActivation.refresh`. */
  replaceScenarios(scenarios: Readonly<Record<string, unknown>>): (ScenarioRefresh & { session: string | null })[]
  /** Replaces the seeded world (`serve --watch`): the default tenant starts over from it, sessions end. */
  replaceWorld(fixtures: NonNullable<SimulatorOptions['fixtures']>): void
  /** Resolves once every change of the default world so far is stored (at once without persistence). */
  stored(): Promise<void>
  /**
   * Resolves once the default world takes changes: at once, except after its store failed, when
   * the whole state is stored first; rejects, saying why, when that fails too (a change must then
   * not be made: the store would not hold it).
   */
  writable(): Promise<void>
  /** Stores what is pending and releases the persistence store (its lock); nothing is stored after. */
  close(): Promise<void>
  /** What starting from the persisted world warned about (a stored clock of the other mode, a torn last entry). */
  readonly persistenceWarnings: readonly string[]
}

export function createSimulatorCore(options: SimulatorOptions = {}): SimulatorCore {
  const seed = options.seed ?? DEFAULT_SEED
  const gate = options.persistence
  const clock = createClock({ now: options.now, ...(gate !== undefined && { onChange: (c) => gate.clockMoved(c) }) })
  const initialClock = clock.state()
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_RECORDS
  let world = loadWorld(options)
  let worlds = createScenarioWorlds({ base: world, seed, now: worldInstant(options.now), maxRecords })
  /** A new state; the default tenant's (`gate` given) keeps its base world's writes, and tells the gate of each new state. */
  const freshState = (scenarioWorld?: ScenarioWorld, gate?: WorldKeeper): WorldState => {
    const { snapshot, random } = worlds.build(scenarioWorld, clock.now())
    const changes = gate?.newState(scenarioWorld === undefined)
    const model = createModel(snapshot, { maxRecords, changes })
    if (changes !== undefined) gate!.keep(model)
    return { model, random }
  }
  const catalogOf = (scenarios: Readonly<Record<string, unknown>>) => ({
    ...shippedScenarioEntries(),
    ...parseNamedScenarios(scenarios),
  })
  const catalog = createScenarioCatalog(catalogOf(options.scenarios ?? {}))
  const tenantOptions = {
    catalog,
    seed,
    freshState,
    prepareWorld: (w: ScenarioWorld) => worlds.prepare(w, clock.now()),
  }
  const freshDefaultState = (scenarioWorld?: ScenarioWorld) => freshState(scenarioWorld, gate)
  const defaultTenant = createTenant(null, { ...tenantOptions, freshState: freshDefaultState })
  const persistenceWarnings =
    gate?.open({
      seed,
      world,
      generated:
        options.world === undefined && options.size !== undefined
          ? { size: options.size, at: worldInstant(options.now) }
          : undefined,
      model: () => defaultTenant.state.model,
      resetModel: () => void (defaultTenant.state = freshDefaultState()),
      clock,
      initialClock,
    }) ?? []
  const sessions = new SessionRegistry<Tenant>((id) => createTenant(id, tenantOptions), {
    ...(options.sessionLimit !== undefined && { limit: options.sessionLimit }),
    ...(options.sessionIdleMs !== undefined && { idleMs: options.sessionIdleMs }),
  })
  const recorder = createRecorder(new Journal(options.journalCapacity ?? DEFAULT_JOURNAL_CAPACITY))

  const pipeline = compose<WorldState>([
    journalStep(recorder),
    tenantStep(() => defaultTenant, sessions),
    scenarioStep((context) => (context.locals.tenant as Tenant).scenarios),
    ...(options.forwarder === undefined ? [] : [proxyStep<WorldState>(options.forwarder)]),
    authenticateStep(),
    resolveStep(resolvers, clock),
  ])
  const execute: SimulatorCore['execute'] = (operation, params, request) =>
    pipeline({ operation, params, request, state: defaultTenant.state, locals: {} })

  /** Answers a request no operation matched, and journals it. */
  const unmatched = (request: SimRequest, error: ApiError): SimResponse => {
    const started = performance.now()
    const response = errorResponse(error)
    recorder.record(request, null, response, started, null, null)
    return response
  }

  const handle: SimulatorCore['handle'] = async (request) => {
    const match = matchRoute(request.method, request.path)
    switch (match.kind) {
      case 'operation':
        return execute(match.operation, match.params, request)
      case 'method-not-allowed':
        return unmatched(request, methodNotAllowed(request.method, request.path, match.allowed))
      case 'bad-path':
        return unmatched(request, ApiError.badRequest(match.message))
      case 'control': // the control routes are the runtimes' to serve (src/control), not the simulated API's
      case 'not-found':
        return unmatched(request, ApiError.notFound(`no operation matches ${request.method} ${request.path}`))
    }
  }

  const controlsOf = (tenant: Tenant): TenantControls => tenantControls(tenant, clock)
  const defaultControls = controlsOf(defaultTenant)
  const openapiDocuments = new Map<string | undefined, Record<string, unknown>>()

  return {
    get model() {
      return defaultControls.model
    },
    clock,
    get world() {
      return world
    },
    reset() {
      defaultTenant.reset()
      sessions.clear()
      recorder.journal.clear()
      clock.reset()
    },
    useScenario: defaultControls.useScenario,
    addScenarioRule: defaultControls.addScenarioRule,
    get scenario() {
      return defaultControls.scenario
    },
    get scenarios() {
      return catalog.names
    },
    scenarioDefinition: (name) => catalog.get(name),
    async prepareScenario(nameOrScenario) {
      let world: ScenarioWorld | undefined
      if (typeof nameOrScenario === 'string') world = catalog.get(nameOrScenario)?.world
      else {
        const parsed = ScenarioSchema.safeParse(nameOrScenario)
        world = parsed.success ? parsed.data.world : undefined
      }
      await worlds.prepare(world, clock.now())
    },
    seed,
    scenarioStatus: defaultControls.scenarioStatus,
    activeScenarioDefinition: defaultControls.activeScenarioDefinition,
    create: defaultControls.create,
    createMany: defaultControls.createMany,
    createRecords: defaultControls.createRecords,
    forwardsTo: options.forwarder?.url ?? null,
    journal: recorder.journal,
    onExchange(listener) {
      recorder.listeners.add(listener)
      return () => void recorder.listeners.delete(listener)
    },
    countExchanges(counter) {
      recorder.counters.add(counter)
      return () => void recorder.counters.delete(counter)
    },
    session: (id) => controlsOf(sessions.get(id)),
    sessions: {
      list: () => sessions.list(),
      delete: (id) => sessions.delete(id),
      limit: sessions.limit,
      idleMs: sessions.idleMs,
    },
    state(stateOptions = {}) {
      const session = stateOptions.session ?? null
      const tenant = session === null ? defaultTenant : sessions.peek(session)
      if (tenant === undefined) {
        const live = sessions.list().map((s) => s.id)
        throw ApiError.notFound(`no session ${session} (sessions: ${live.join(', ') || 'none'})`)
      }
      return stateView(tenant, clock, stateOptions)
    },
    openapi(serverUrl) {
      // Built once per server URL: the document only changes with the contract.
      let document = openapiDocuments.get(serverUrl)
      if (document === undefined) {
        document = buildOpenApiDocument(serverUrl === undefined ? {} : { serverUrl })
        openapiDocuments.set(serverUrl, document)
      }
      return document
    },
    handle,
    execute,
    replaceScenarios(scenarios) {
      catalog.replace(catalogOf(scenarios))
      const tenants = [defaultTenant, ...sessions.list().flatMap(({ id }) => sessions.peek(id) ?? [])]
      return tenants.flatMap((tenant) => {
        const refreshed = tenant.scenarios.refresh()
        return refreshed === null ? [] : [{ ...refreshed, session: tenant.session }]
      })
    },
    replaceWorld(fixtures) {
      world = loadWorld({ ...options, fixtures, world: undefined, size: undefined })
      worlds = createScenarioWorlds({ base: world, seed, now: worldInstant(options.now), maxRecords })
      gate?.rebase(world)
      if (defaultTenant.scenarios.active?.scenario.world === undefined) defaultTenant.state = freshDefaultState()
      sessions.clear()
    },
    stored: () => gate?.stored() ?? Promise.resolve(),
    writable: () => gate?.ready() ?? Promise.resolve(),
    close: () => gate?.close() ?? Promise.resolve(),
    persistenceWarnings,
  }
}

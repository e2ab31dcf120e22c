/**
 * The composition root without msw: `createSimulatorCore()` builds one self-contained simulator; instances share
 * nothing. simulator.ts adds the msw handlers; the standalone server runs on the core alone, without loading msw.
 */

import { ApiError, errorResponse } from './http/api-error.ts'
import type { SimRequest, SimResponse } from './http/sim-request.ts'
import { createClock } from './model/clock.ts'
import { loadWorld, worldInstant } from './model/load-world.ts'
import { createModel, DEFAULT_MAX_RECORDS } from './model/model.ts'
import { DEFAULT_SEED } from './model/random.ts'
import type { WorldKeeper } from './model/world-keeper.ts'
import type { WorldState } from './model/world-state.ts'
import { DEFAULT_JOURNAL_CAPACITY, Journal } from './observability/journal.ts'
import { compose, pipelineContext } from './pipeline/compose.ts'
import { createRecorder, journalStep } from './pipeline/journal-step.ts'
import { authenticateStep, resolveStep } from './pipeline/operation-steps.ts'
import { proxyStep } from './pipeline/proxy-step.ts'
import { matchRoute, methodNotAllowed, type RouteMatch } from './pipeline/router.ts'
import { scenarioStep } from './pipeline/scenario-step.ts'
import { tenantStep } from './pipeline/tenant-step.ts'
import { resolvers } from './resolvers/index.ts'
import { createScenarioCatalog, parseNamedScenarios } from './scenarios/scenario-catalog.ts'
import { Scenario as ScenarioSchema, type ScenarioWorld } from './scenarios/scenario-schema.ts'
import { createScenarioWorlds } from './scenarios/scenario-worlds.ts'
import { shippedScenarioEntries } from './scenarios/shipped-scenarios.ts'
import { SessionRegistry } from './sessions/session-registry.ts'
import { createTenant, type Tenant } from './sessions/tenant.ts'
import { stateView, type TenantControls, tenantControls } from './sessions/tenant-controls.ts'
import type { SimulatorOptions } from './simulator-options.ts'
import type { SimulatorCore, SimulatorHost } from './simulator-surface.ts'

export type {
  ScenarioStatus,
  StateOptions,
  StateView,
  TenantControls,
  TenantScenarios,
} from './sessions/tenant-controls.ts'
export type { SimulatorOptions } from './simulator-options.ts'
export type {
  SimulatorCore,
  SimulatorHost,
  SimulatorJournal,
  SimulatorScenarios,
  SimulatorSessions,
} from './simulator-surface.ts'

/** What a request no operation matched is told: 405 with the methods the path takes, 400 for a malformed path, else 404. */
function unmatchedError(request: SimRequest, match: Exclude<RouteMatch, { kind: 'operation' }>): ApiError {
  switch (match.kind) {
    case 'method-not-allowed':
      return methodNotAllowed(request.method, request.path, match.allowed)
    case 'bad-path':
      return ApiError.badRequest(match.message)
    case 'control': // the control routes are the runtimes' to serve (src/control), not the simulated API's
    case 'not-found':
      return ApiError.notFound(`no operation matches ${request.method} ${request.path}`)
  }
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
  const recorder = createRecorder(
    new Journal(
      options.journalCapacity ?? DEFAULT_JOURNAL_CAPACITY,
      options.journalBodyLimit,
      undefined,
      options.forwarder?.secrets,
    ),
  )

  const pipeline = compose([
    journalStep(recorder),
    tenantStep(() => defaultTenant, sessions),
    scenarioStep(),
    ...(options.forwarder === undefined ? [] : [proxyStep(options.forwarder)]),
    authenticateStep(),
    resolveStep(resolvers, clock),
  ])

  /** Answers a request no operation matched, and journals it. */
  const unmatched = (request: SimRequest, match: Exclude<RouteMatch, { kind: 'operation' }>): SimResponse => {
    const started = performance.now()
    const response = errorResponse(unmatchedError(request, match))
    recorder.record(request, null, response, started, null, null)
    return response
  }

  // Not async itself: an operation's answer is the pipeline's promise, with no other wrapped around it.
  const execute: SimulatorHost['execute'] = (request, match) => {
    if (match.kind === 'operation') {
      const { operation, params } = match
      return pipeline(pipelineContext({ operation, params, request, tenant: defaultTenant }))
    }
    try {
      return Promise.resolve(unmatched(request, match))
    } catch (error) {
      return Promise.reject(error)
    }
  }
  const handle: SimulatorHost['handle'] = (request) => execute(request, matchRoute(request.method, request.path))

  const controlsOf = (tenant: Tenant): TenantControls => tenantControls(tenant, clock)
  const defaultControls = controlsOf(defaultTenant)
  const openapiDocuments = new Map<string | undefined, Promise<Record<string, unknown>>>()

  const journal = recorder.journal

  const simulator: SimulatorCore = {
    get model() {
      return defaultControls.model
    },
    clock,
    seed,
    reset() {
      defaultTenant.reset()
      sessions.clear()
      journal.clear()
      clock.reset()
    },
    create: defaultControls.create,
    createMany: defaultControls.createMany,
    createRecords: defaultControls.createRecords,
    state(stateOptions = {}) {
      const session = stateOptions.session ?? null
      const tenant = session === null ? defaultTenant : sessions.peek(session)
      if (tenant === undefined) {
        const live = sessions.list().map((s) => s.id)
        throw ApiError.notFound(`no session ${session} (sessions: ${live.join(', ') || 'none'})`)
      }
      return stateView(tenant, clock, stateOptions)
    },
    stored: () => gate?.stored() ?? Promise.resolve(),
    close: () => gate?.close() ?? Promise.resolve(),
    scenarios: {
      use: defaultControls.scenarios.use,
      addRule: defaultControls.scenarios.addRule,
      get active() {
        return defaultControls.scenarios.active
      },
      status: defaultControls.scenarios.status,
      activeDefinition: defaultControls.scenarios.activeDefinition,
      get names() {
        return catalog.names
      },
      definition: (name) => catalog.get(name),
    },
    journal: {
      get capacity() {
        return journal.capacity
      },
      list: (filter) => journal.list(filter),
      after: (seq, limit) => journal.after(seq, limit),
      get epoch() {
        return journal.epoch
      },
      get total() {
        return journal.total
      },
      clear: () => journal.clear(),
      onExchange(listener) {
        recorder.listeners.add(listener)
        return () => void recorder.listeners.delete(listener)
      },
    },
    sessions: {
      get: (id) => controlsOf(sessions.get(id)),
      list: () => sessions.list(),
      delete: (id) => sessions.delete(id),
      limit: sessions.limit,
      idleMs: sessions.idleMs,
    },
    host: {
      get world() {
        return world
      },
      forwardsTo: options.forwarder?.url ?? null,
      persistenceWarnings,
      handle,
      execute,
      async prepareScenario(nameOrScenario) {
        let world: ScenarioWorld | undefined
        if (typeof nameOrScenario === 'string') world = catalog.get(nameOrScenario)?.world
        else {
          const parsed = ScenarioSchema.safeParse(nameOrScenario)
          world = parsed.success ? parsed.data.world : undefined
        }
        await worlds.prepare(world, clock.now())
      },
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
      writable: () => gate?.ready() ?? Promise.resolve(),
      countExchanges(counter) {
        recorder.counters.add(counter)
        return () => void recorder.counters.delete(counter)
      },
      openapi(serverUrl) {
        // Built once per server URL: the document only changes with the contract.
        let document = openapiDocuments.get(serverUrl)
        if (document === undefined) {
          document = import('./contract/openapi.ts').then(({ buildOpenApiDocument }) =>
            buildOpenApiDocument(serverUrl === undefined ? {} : { serverUrl }),
          )
          openapiDocuments.set(serverUrl, document)
        }
        return document
      },
    },
  }
  return simulator
}

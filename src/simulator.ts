/**
 * The composition root: `createSimulator()` builds one self-contained simulator (its world, model,
 * clock, seeded random source, pipeline and msw handlers). Instances share nothing.
 */
import type { HttpHandler } from 'msw'
import type { Operation } from './contract/operations.ts'
import { createHandlers } from './handlers/create-handlers.ts'
import { resolvers } from './handlers/resolvers/index.ts'
import { type Clock, DEFAULT_NOW, createClock } from './model/clock.ts'
import { generateWorld } from './model/generate-world.ts'
import { defaultFixtures } from './model/default-fixtures.ts'
import { type Model, createModel } from './model/model.ts'
import { DEFAULT_SEED, createRandom } from './model/random.ts'
import { type World, type WorldSnapshot, parseWorld, snapshotWorld } from './model/world.ts'
import { ApiError } from './pipeline/api-error.ts'
import { compose, errorResponse } from './pipeline/compose.ts'
import { type WorldState, authenticateStep, resolveStep } from './pipeline/operation-steps.ts'
import { matchRoute } from './pipeline/router.ts'
import type { SimRequest, SimResponse } from './pipeline/sim-request.ts'
import { createScenarioActivation } from './scenarios/scenario-activation.ts'
import { createScenarioCatalog, parseNamedScenarios } from './scenarios/scenario-catalog.ts'
import type { ScenarioInput, ScenarioWorld } from './scenarios/scenario-schema.ts'
import { scenarioStep } from './scenarios/scenario-step.ts'
import type { RuleCounters } from './scenarios/scenario-state.ts'
import { createScenarioWorlds } from './scenarios/scenario-worlds.ts'
import { shippedScenarios } from './scenarios/shipped-scenarios.ts'

export interface SimulatorOptions {
  /** Seed of every generated value. Same seed, same fixtures, same requests: byte-identical responses. */
  seed?: number
  /** `'system'` for real time, or the instant a fixed clock starts at (default 2026-03-02T12:00:00Z). */
  now?: string | Date | 'system'
  /** Raw fixture files (file name → JSON), or a world already parsed; default: the bundled fixtures/. */
  fixtures?: Readonly<Record<string, unknown>> | World
  /** A world snapshot to share (fastest: nothing is parsed). Wins over `size` and `fixtures`. */
  world?: WorldSnapshot
  /** Generate a coherent world of this many debt tokens from the seed instead of loading fixtures. */
  size?: number
  /** Origin the msw handlers answer for; `*` (default) matches any origin. */
  baseUrl?: string
  /** More scenarios by name (raw JSON or parsed), besides the shipped ones; a same name replaces one. */
  scenarios?: Readonly<Record<string, unknown>>
}

/** The active scenario as the control API shows it: its rules with their counters. */
export interface ScenarioStatus {
  readonly name: string
  readonly description: string
  readonly rules: readonly (RuleCounters & { readonly operation: string })[]
}

export interface Simulator {
  /** msw request handlers, one per operation: pass them to setupServer/setupWorker. */
  readonly handlers: HttpHandler[]
  /** The live model of the default world (replaced by `reset()`). */
  readonly model: Model
  readonly clock: Clock
  readonly world: WorldSnapshot
  /** Back to the seeded world, the seeded random sequence and the initial clock, without a scenario. */
  reset(): void
  /**
   * Activates a scenario for every request: a name (an unknown one throws, listing the available
   * names) or a scenario object (validated; known as `name`, default "inline"); null deactivates.
   */
  useScenario(nameOrScenario: string | ScenarioInput | null, name?: string): void
  /** The active scenario's name, or null. */
  readonly scenario: string | null
  /** Names of the scenarios `useScenario` and the X-Sim-Scenario header accept. */
  readonly scenarios: readonly string[]
  /** The active scenario with its rule counters, or null. */
  scenarioStatus(): ScenarioStatus | null
  /** Routes and answers a request as the standalone server does (404/405 for unknown routes). */
  handle(request: SimRequest): Promise<SimResponse>
  /** Answers a request already matched to `operation` (what each msw handler calls). */
  execute(operation: Operation, params: Record<string, string>, request: SimRequest): Promise<SimResponse>
}

function isWorld(value: SimulatorOptions['fixtures']): value is World {
  return value !== undefined && 'platform' in value && Array.isArray((value as World).users)
}

export function loadWorld(options: Pick<SimulatorOptions, 'fixtures' | 'world' | 'size' | 'seed' | 'now'>): WorldSnapshot {
  if (options.world) return options.world
  if (options.size !== undefined) {
    const now = options.now === undefined || options.now === 'system' ? new Date(DEFAULT_NOW) : new Date(options.now)
    return snapshotWorld(generateWorld({ seed: options.seed ?? DEFAULT_SEED, debtTokens: options.size, now }))
  }
  const fixtures = options.fixtures ?? defaultFixtures
  return snapshotWorld(isWorld(fixtures) ? fixtures : parseWorld(fixtures))
}

/** The instant generated worlds are written against (a system clock generates against DEFAULT_NOW). */
function worldInstant(now: SimulatorOptions['now']): Date {
  return now === undefined || now === 'system' ? new Date(DEFAULT_NOW) : new Date(now)
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const seed = options.seed ?? DEFAULT_SEED
  const clock = createClock({ now: options.now })
  const world = loadWorld(options)
  const worlds = createScenarioWorlds({ base: world, seed, now: worldInstant(options.now) })
  const freshState = (scenarioWorld?: ScenarioWorld): WorldState => ({
    model: createModel(worlds(scenarioWorld)),
    random: createRandom(seed),
  })
  let state = freshState()
  const catalog = createScenarioCatalog({ ...shippedScenarios(), ...parseNamedScenarios(options.scenarios ?? {}) })
  const scenarios = createScenarioActivation({ catalog, seed, freshState, replaceState: (next) => void (state = next) })

  const pipeline = compose<WorldState>([scenarioStep(scenarios), authenticateStep(), resolveStep(resolvers, clock)])
  const execute: Simulator['execute'] = (operation, params, request) =>
    pipeline({ operation, params, request, state, locals: {} })

  const handle: Simulator['handle'] = async (request) => {
    const match = matchRoute(request.method, request.path)
    switch (match.kind) {
      case 'operation':
        return execute(match.operation, match.params, request)
      case 'method-not-allowed':
        return errorResponse(
          new ApiError(405, `${request.method} is not allowed on ${request.path} (allowed: ${match.allowed.join(', ')})`, undefined, {
            allow: match.allowed.join(', '),
          }),
        )
      case 'bad-path':
        return errorResponse(ApiError.badRequest(match.message))
      case 'not-found':
        return errorResponse(ApiError.notFound(`no operation matches ${request.method} ${request.path}`))
    }
  }

  return {
    handlers: createHandlers({ baseUrl: options.baseUrl ?? '*', execute, handle }),
    get model() {
      return state.model
    },
    clock,
    world,
    reset() {
      scenarios.reset()
      state = freshState()
      clock.reset()
    },
    useScenario(nameOrScenario, name) {
      if (nameOrScenario === null) scenarios.deactivate()
      else scenarios.activate(nameOrScenario, name)
    },
    get scenario() {
      return scenarios.active?.name ?? null
    },
    scenarios: catalog.names,
    scenarioStatus() {
      const active = scenarios.active
      if (active === null) return null
      const counters = active.counters()
      return {
        name: active.name,
        description: active.scenario.description,
        rules: active.scenario.rules.map((rule, i) => ({ operation: rule.operation, ...counters[i]! })),
      }
    },
    handle,
    execute,
  }
}

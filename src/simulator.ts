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
}

export interface Simulator {
  /** msw request handlers, one per operation: pass them to setupServer/setupWorker. */
  readonly handlers: HttpHandler[]
  /** The live model of the default world (replaced by `reset()`). */
  readonly model: Model
  readonly clock: Clock
  readonly world: WorldSnapshot
  /** Back to the seeded world, the seeded random sequence and the initial clock. */
  reset(): void
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

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const seed = options.seed ?? DEFAULT_SEED
  const clock = createClock({ now: options.now })
  const world = loadWorld(options)
  const freshState = (): WorldState => ({ model: createModel(world), random: createRandom(seed) })
  let state = freshState()

  const pipeline = compose<WorldState>([authenticateStep(), resolveStep(resolvers, clock)])
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
      state = freshState()
      clock.reset()
    },
    handle,
    execute,
  }
}

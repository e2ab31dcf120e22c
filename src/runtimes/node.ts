/**
 * In-process runtime for test suites: the simulator's handlers behind msw's `setupServer`, so real
 * `fetch` calls in the test process reach the simulator without a port.
 *
 * @example
 * const { simulator, server } = setupSimulatorServer()
 * beforeAll(() => server.listen())
 * afterEach(() => simulator.reset())
 * afterAll(() => server.close())
 */

import { type SetupServer, setupServer } from 'msw/node'
import { loadFactories } from '../factories/factory-loader.ts'
import { composeSimulator } from '../wings/compose.ts'
import { coverageDirectory, NODE_WINGS, writeCoveragePartsSoon } from '../wings/node.ts'
import { type Simulator, type SimulatorOptions, withHandlers } from './msw/simulator.ts'

/**
 * What `server.listen()` takes: msw's options under a name this package exports. msw exports none, so
 * a user's declaration file naming `server.listen` would fail with TS4023 without it.
 */
export interface SimulatorListenOptions extends NonNullable<Parameters<SetupServer['listen']>[0]> {}

/** msw's `setupServer` result, its `listen` typed with options a declaration file can name. */
export interface SimulatorServer extends Omit<SetupServer, 'listen'> {
  listen(options?: SimulatorListenOptions): void
}

/** The simulator's options in Node, with a persistence directory. */
export interface NodeSimulatorOptions extends SimulatorOptions {
  /**
   * Keeps the default world's writes in `dir` and starts from them next time (`reset: true` drops them
   * first); sessions are not kept. One simulator per directory (a lock): `await simulator.close()` frees it.
   */
  persist?: { dir: string; reset?: boolean }
  /**
   * Leaves this process's API coverage in `dir` when it exits, for `npx debt-token-simulator coverage
   * report <dir>` to merge. Default: `DEBT_TOKEN_SIMULATOR_COVERAGE_DIR`, else none (docs/coverage.md).
   */
  coverage?: { dir: string }
}

/** `createSimulator()` of the main entry, plus `persist: { dir }` and `coverage: { dir }`. */
export function createSimulator(options: NodeSimulatorOptions = {}): Simulator {
  const { persist, coverage, ...rest } = options
  const composed = composeSimulator(
    {
      ...rest,
      persist: persist && { dir: persist.dir, reset: persist.reset },
      leaveCoverage: coverage ?? 'environment',
    },
    NODE_WINGS,
  )
  return withHandlers(composed, options.baseUrl) as Simulator
}

export function setupSimulatorServer(options: NodeSimulatorOptions = {}): {
  simulator: Simulator
  server: SimulatorServer
} {
  const simulator = createSimulator(options)
  const server = setupServer(...simulator.handlers)
  if (coverageDirectory(options.coverage) !== undefined) {
    // A test runner's worker can end without an exit event (vitest's): the part is also written when
    // the suite closes the server (a promise `afterAll` awaits), and again at exit if requests came after.
    const close = server.close.bind(server)
    server.close = () => {
      close()
      return writeCoveragePartsSoon()
    }
  }
  return { simulator, server }
}

/** Options for `server.listen()` that mean "fail on unhandled requests" under msw 2 and msw 3 alike. */
export const strictListenOptions = {
  onUnhandledRequest: 'error',
  onUnhandledFrame: 'error',
} as unknown as SimulatorListenOptions

/**
 * Resolves once generated worlds and the factories can run synchronously. Needed only inside a vm sandbox
 * (vitest's vm pools, Jest's ESM mode), before a synchronous call that generates or creates records.
 */
export const loadWorldGenerator: () => Promise<void> = loadFactories
export type { Simulator, SimulatorOptions }

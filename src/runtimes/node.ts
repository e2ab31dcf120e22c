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
import { createSimulator, type Simulator, type SimulatorOptions } from './msw/simulator.ts'

/**
 * What `server.listen()` takes: msw's options, under a name this package exports. msw does not
 * export its own, so a user's declaration file that names `server.listen` (a helper exporting it,
 * declarations on as `tsc --init` sets them) would fail with TS4023 without this one.
 */
export interface SimulatorListenOptions extends NonNullable<Parameters<SetupServer['listen']>[0]> {}

/** msw's `setupServer` result, its `listen` typed with options a declaration file can name. */
export interface SimulatorServer extends Omit<SetupServer, 'listen'> {
  listen(options?: SimulatorListenOptions): void
}

export function setupSimulatorServer(options: SimulatorOptions = {}): {
  simulator: Simulator
  server: SimulatorServer
} {
  const simulator = createSimulator(options)
  return { simulator, server: setupServer(...simulator.handlers) }
}

/** Options for `server.listen()` that mean "fail on unhandled requests" under msw 2 and msw 3 alike. */
export const strictListenOptions = {
  onUnhandledRequest: 'error',
  onUnhandledFrame: 'error',
} as unknown as SimulatorListenOptions

export { createSimulator, type Simulator, type SimulatorOptions }

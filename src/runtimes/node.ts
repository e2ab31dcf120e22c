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
import { setupServer } from 'msw/node'
import { createSimulator, type Simulator, type SimulatorOptions } from './msw/simulator.ts'

export type SimulatorServer = ReturnType<typeof setupServer>

export function setupSimulatorServer(options: SimulatorOptions = {}): {
  simulator: Simulator
  server: SimulatorServer
} {
  const simulator = createSimulator(options)
  return { simulator, server: setupServer(...simulator.handlers) }
}

/** Options for `server.listen()` that mean "fail on unhandled requests" under msw 2 and msw 3 alike. */
export const strictListenOptions = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as unknown as Parameters<
  SimulatorServer['listen']
>[0]

export { createSimulator, type Simulator, type SimulatorOptions }

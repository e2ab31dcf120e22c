/**
 * In-process runtime for test suites: the simulator's handlers behind msw's `setupServer`, so real
 * `fetch` calls in the test process reach the simulator without a port. `persist: { dir }` keeps
 * the default world's writes in a directory between runs (a development world); off by default,
 * so tests stay isolated.
 *
 * @example
 * const { simulator, server } = setupSimulatorServer()
 * beforeAll(() => server.listen())
 * afterEach(() => simulator.reset())
 * afterAll(() => server.close())
 */
import { setupServer } from 'msw/node'
import { createSimulator as createMswSimulator, type Simulator, type SimulatorOptions } from './msw/simulator.ts'
import { directoryPersistence } from './persist/directory-persistence.ts'

export type SimulatorServer = ReturnType<typeof setupServer>

/** The simulator's options in Node, with a persistence directory. */
export interface NodeSimulatorOptions extends SimulatorOptions {
  /**
   * Keeps the default world's writes (records, payment ids, the clock if moved, resets) in `dir`
   * and starts from them next time; `reset: true` drops what it holds first. Sessions are not kept.
   * One simulator per directory at a time (a lock): `await simulator.close()` lets go of it.
   */
  persist?: { dir: string; reset?: boolean }
}

/** `createSimulator()` of the main entry, plus `persist: { dir }`. */
export function createSimulator(options: NodeSimulatorOptions = {}): Simulator {
  const { persist, ...rest } = options
  return createMswSimulator(
    persist === undefined
      ? rest
      : { ...rest, persistence: directoryPersistence({ dir: persist.dir, reset: persist.reset }) },
  )
}

export function setupSimulatorServer(options: NodeSimulatorOptions = {}): {
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

export type { Simulator, SimulatorOptions }

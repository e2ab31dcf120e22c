/**
 * Browser runtime: the simulator's handlers behind msw's `setupWorker`, so a frontend app talks to
 * the simulator in the page. Run `npx msw init <publicDir>` once to serve the worker script.
 *
 * @example
 * const { worker } = setupSimulatorWorker({ baseUrl: 'https://api.example.test' })
 * // msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame; each ignores the other's key.
 * await worker.start({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as never)
 */
import { setupWorker } from 'msw/browser'
import { createSimulator, type Simulator, type SimulatorOptions } from './msw/simulator.ts'

export function setupSimulatorWorker(options: SimulatorOptions = {}): {
  simulator: Simulator
  worker: ReturnType<typeof setupWorker>
} {
  const simulator = createSimulator(options)
  return { simulator, worker: setupWorker(...simulator.handlers) }
}

export { createSimulator, type Simulator, type SimulatorOptions }

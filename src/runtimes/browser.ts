/**
 * Browser runtime: the simulator's handlers behind msw's `setupWorker`, so a frontend app talks to
 * the simulator in the page. Run `npx msw init <publicDir>` once to serve the worker script.
 *
 * The page loads only what the first answer needs. The world generator (faker's locales, about
 * 130 kB gzip) loads on demand: `await loadWorldGenerator()` before `setupSimulatorWorker({ size })`,
 * `simulator.create.users()` or a scenario whose world generates records.
 *
 * @example
 * const { worker } = setupSimulatorWorker({ baseUrl: 'https://api.example.test' })
 * // msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame; each ignores the other's key.
 * await worker.start({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as never)
 */
import { setupWorker } from 'msw/browser'
import { loadWorldGenerator } from '../model/world-generator.ts'
import { createSimulator, type Simulator, type SimulatorOptions } from './msw/create-simulator.ts'

export function setupSimulatorWorker(options: SimulatorOptions = {}): {
  simulator: Simulator
  worker: ReturnType<typeof setupWorker>
} {
  const simulator = createSimulator(options)
  return { simulator, worker: setupWorker(...simulator.handlers) }
}

export { createSimulator, loadWorldGenerator, type Simulator, type SimulatorOptions }

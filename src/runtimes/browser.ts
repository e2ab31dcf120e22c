/**
 * Browser runtime: the simulator's handlers behind msw's `setupWorker`, so a frontend app talks to
 * the simulator in the page. Run `npx msw init <publicDir>` once to serve the worker script.
 *
 * The page loads only what the first answer needs. The world generator (faker's locales, about
 * 130 kB gzip) loads on demand: `await loadWorldGenerator()` before `setupSimulatorWorker({ size })`,
 * `simulator.create.users()` or a scenario whose world generates records. The storage behind
 * `persist` and `sync` loads on demand too, before `worker.start()` resolves.
 *
 * @example
 * const { worker } = setupSimulatorWorker({ baseUrl: 'https://api.example.test', persist: true })
 * // msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame; each ignores the other's key.
 * await worker.start({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as never)
 */
import { setupWorker } from 'msw/browser'
import { loadWorldGenerator } from '../model/world-generator.ts'
import { DeferredSink } from './browser-persistence/deferred-sink.ts'
import { createSimulator, type Simulator, type SimulatorOptions } from './msw/create-simulator.ts'

export interface BrowserSimulatorOptions extends Omit<SimulatorOptions, 'persistence'> {
  /**
   * Keep the written records, the clock if it was moved and the active scenario across reloads, in
   * the page's IndexedDB; each write is stored before it is answered. `simulator.reset()` clears
   * it. Storage refused or full: memory only, with one console warning. Default false.
   */
  persist?: boolean
  /** Share writes with the other tabs of this origin as they happen. Default: the value of `persist`. */
  sync?: boolean
}

export function setupSimulatorWorker(options: BrowserSimulatorOptions = {}): {
  simulator: Simulator
  worker: ReturnType<typeof setupWorker>
} {
  const { persist = false, sync = persist, ...simulatorOptions } = options
  if (!persist && !sync) {
    const simulator = createSimulator(simulatorOptions)
    return { simulator, worker: setupWorker(...simulator.handlers) }
  }
  const relay = new DeferredSink()
  const simulator = createSimulator({ ...simulatorOptions, persistence: relay.persistence })
  const worker = setupWorker(...simulator.handlers)
  const ready = import('./browser-persistence/persist-in-browser.ts').then((storage) =>
    storage.persistInBrowser(simulator, relay, { persist, sync }),
  )
  // The app awaits worker.start() before its first request: the stored world is back by then.
  const start = worker.start.bind(worker)
  worker.start = async (...args) => {
    await ready
    return start(...args)
  }
  return { simulator, worker }
}

export { createSimulator, loadWorldGenerator, type Simulator, type SimulatorOptions }

/**
 * Browser runtime: the simulator's handlers behind msw's `setupWorker`, so a frontend app talks to
 * the simulator in the page. Run `npx msw init <publicDir>` once to serve the worker script.
 *
 * The world generator and the factories load on demand: `await loadWorldGenerator()` before a synchronous
 * call that generates or creates records. The storage of `persist` and `sync` loads before `worker.start()` resolves.
 *
 * @example
 * const { worker } = setupSimulatorWorker({ baseUrl: 'https://api.example.test', persist: true })
 * // msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame; each ignores the other's key.
 * await worker.start({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as never)
 */

import { setupWorker } from 'msw/browser'
import { loadFactories } from '../factories/factory-loader.ts'
import { BROWSER_WINGS, type BrowserPersistenceOptions } from '../wings/browser.ts'
import { composeSimulator } from '../wings/compose.ts'
import {
  type CoverageNotRecorded,
  createSimulator,
  type Simulator,
  type SimulatorOptions,
  type SimulatorWithoutCoverage,
  withHandlers,
} from './msw/create-simulator.ts'
import './msw/msw-http-from-main.ts'

export interface BrowserSimulatorOptions extends Omit<SimulatorOptions, 'persistence'>, BrowserPersistenceOptions {
  /**
   * Record which parts of the API the page met: `simulator.coverage()` is then the report
   * (docs/coverage.md). Default false: `coverage()` answers `CoverageNotRecorded`.
   */
  coverage?: boolean
}

type Worker = ReturnType<typeof setupWorker>

export function setupSimulatorWorker(options: BrowserSimulatorOptions & { coverage: true }): {
  simulator: Simulator
  worker: Worker
}
export function setupSimulatorWorker(options?: BrowserSimulatorOptions & { coverage?: false }): {
  simulator: SimulatorWithoutCoverage
  worker: Worker
}
export function setupSimulatorWorker(options?: BrowserSimulatorOptions): {
  simulator: Simulator | SimulatorWithoutCoverage
  worker: Worker
}
export function setupSimulatorWorker(options: BrowserSimulatorOptions = {}): {
  simulator: Simulator | SimulatorWithoutCoverage
  worker: Worker
} {
  const { coverage = false, ...rest } = options
  const composed = composeSimulator(
    { ...rest, ...(!coverage && { coverage: false, coverageAsking: 'setupSimulatorWorker({ coverage: true })' }) },
    BROWSER_WINGS,
  )
  const simulator = withHandlers(composed, rest.baseUrl) as Simulator | SimulatorWithoutCoverage
  const worker = setupWorker(...simulator.handlers)
  const { ready } = composed
  if (ready !== undefined) {
    // The app awaits worker.start() before its first request: the stored world is back by then.
    const start = worker.start.bind(worker)
    worker.start = async (...args) => {
      await ready
      return start(...args)
    }
  }
  return { simulator, worker }
}

/** Loads the world generator (faker's locale) and the factories: await it before a synchronous call that generates or creates records. */
const loadWorldGenerator: () => Promise<void> = loadFactories

export {
  type CoverageNotRecorded,
  createSimulator,
  loadWorldGenerator,
  type Simulator,
  type SimulatorOptions,
  type SimulatorWithoutCoverage,
}

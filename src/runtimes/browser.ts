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
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import { DeferredSink } from '../persistence/browser/deferred-sink.ts'
import type { BrowserTurns } from '../persistence/browser/persist-in-browser.ts'
import { keepWorldIn } from '../persistence/persisted-world.ts'
import {
  type CoverageNotRecorded,
  createSimulator,
  createSimulatorWithoutCoverage,
  handlersOf,
  type Simulator,
  type SimulatorOptions,
  type SimulatorWithoutCoverage,
} from './msw/create-simulator.ts'
import './msw/msw-http-from-main.ts'

export interface BrowserSimulatorOptions extends Omit<SimulatorOptions, 'persistence'> {
  /**
   * Keep the written records, the moved clock and the active scenario across reloads in IndexedDB, each write
   * stored before it is answered; `reset()` clears it. Without storage or Web Locks: memory only. Default false.
   */
  persist?: boolean
  /**
   * Share the world with this origin's other tabs that run it: they take turns at one log, so every answered
   * write is in every tab (decision 0009). Default: the value of `persist`.
   */
  sync?: boolean
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
  const { persist = false, sync = persist, coverage = false, ...simulatorOptions } = options
  const create = (made: SimulatorOptions) =>
    coverage ? createSimulator(made) : createSimulatorWithoutCoverage(made, 'setupSimulatorWorker({ coverage: true })')
  if (!persist && !sync) {
    const simulator = create(simulatorOptions)
    return { simulator, worker: setupWorker(...simulator.handlers) }
  }
  const relay = new DeferredSink()
  const simulator = create({ ...simulatorOptions, persistence: keepWorldIn(relay.persistence) })
  const ready = import('../persistence/browser/persist-in-browser.ts').then((storage) =>
    storage.persistInBrowser(simulator, relay, { persist, sync }),
  )
  takeTurns(simulator, ready, simulatorOptions.baseUrl)
  const worker = setupWorker(...simulator.handlers)
  // The app awaits worker.start() before its first request: the stored world is back by then.
  const start = worker.start.bind(worker)
  worker.start = async (...args) => {
    await ready
    return start(...args)
  }
  return { simulator, worker }
}

/** Every request and factory call of the default world in its turn among the tabs (decision 0009). */
function takeTurns(
  simulator: Simulator | SimulatorWithoutCoverage,
  ready: Promise<BrowserTurns>,
  baseUrl: string | undefined,
): void {
  const write =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) =>
      (await ready).write(() => call(...args))
  const { host, createRecords } = simulator
  const { handle, execute } = host
  const answer =
    <A extends unknown[]>(call: (...args: A) => Promise<SimResponse>, request: (...args: A) => SimRequest) =>
    async (...args: A) => {
      const turns = await ready
      const { method } = request(...args)
      if (method === 'GET' || method === 'HEAD') {
        await turns.follow()
        return call(...args)
      }
      return turns.write(() => call(...args))
    }
  type Call = (...args: never[]) => Promise<unknown>
  const factories = Object.entries(simulator.create as Record<string, Call & { many: Call }>)
  const create = Object.fromEntries(
    factories.map(([table, factory]) => [table, Object.assign(write(factory), { many: write(factory.many) })]),
  )
  Object.assign(host, {
    handle: answer(handle, (request) => request),
    execute: answer(execute, (request) => request),
  })
  Object.assign(simulator, {
    createRecords: write(createRecords),
    create,
    createMany: Object.fromEntries(Object.entries(create).map(([table, factory]) => [table, factory.many])),
  })
  Object.assign(simulator, { handlers: handlersOf(simulator, baseUrl) })
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

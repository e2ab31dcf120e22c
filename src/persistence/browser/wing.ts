/**
 * The persistence wing in a page: the world kept in IndexedDB (`persist`) and shared with the
 * origin's other tabs (`sync`), which take turns at one log (decision 0009). The storage loads on
 * demand; until it has, the DeferredSink keeps the writes, and every request waits for its turn.
 */
import type { Wing } from '../../control/wing.ts'
import type { SimRequest, SimResponse } from '../../http/sim-request.ts'
import type { SimulatorCore } from '../../simulator-core.ts'
import { keepWorldIn } from '../persisted-world.ts'
import { DeferredSink } from './deferred-sink.ts'
import type { BrowserTurns } from './persist-in-browser.ts'

export interface BrowserPersistenceOptions {
  /**
   * Keep the written records, the moved clock and the active scenario across reloads in IndexedDB, each write
   * stored before it is answered; `reset()` clears it. Without storage or Web Locks: memory only. Default false.
   */
  readonly persist?: boolean | undefined
  /**
   * Share the world with this origin's other tabs that run it: they take turns at one log, so every answered
   * write is in every tab (decision 0009). Default: the value of `persist`.
   */
  readonly sync?: boolean | undefined
}

/** Every request and factory call of the default world in its turn among the tabs. */
function takeTurns(simulator: SimulatorCore, ready: Promise<BrowserTurns>): void {
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
  // Before the runtime makes its handlers of `execute`.
  Object.assign(host, {
    handle: answer(handle, (request) => request),
    execute: answer(execute, (request) => request),
  })
  Object.assign(simulator, {
    createRecords: write(createRecords),
    create,
    createMany: Object.fromEntries(Object.entries(create).map(([table, factory]) => [table, factory.many])),
  })
}

/** The sink the core writes to until the storage has loaded, one a simulator. */
const relays = new WeakMap<object, DeferredSink>()

export const browserPersistenceWing: Wing<BrowserPersistenceOptions> = {
  name: 'persistence',
  prepare({ persist = false, sync = persist }) {
    if (!persist && !sync) return undefined
    const relay = new DeferredSink()
    const persistence = keepWorldIn(relay.persistence)
    relays.set(persistence, relay)
    return { persistence }
  },
  attach(simulator, { persist = false, sync = persist, persistence }) {
    const relay = persistence === undefined ? undefined : relays.get(persistence)
    if (relay === undefined) return {}
    const ready = import('./persist-in-browser.ts').then((storage) =>
      storage.persistInBrowser(simulator, relay, { persist, sync }),
    )
    takeTurns(simulator, ready)
    return { ready }
  },
}

/**
 * `setupSimulatorWorker({ persist, sync })`: the tabs running one world share a log in IndexedDB and
 * take turns at it (decision 0009). Each write is stored before its answer, so nothing waits for
 * `unload`, which Chromium is retiring. Without storage or Web Locks, the tab goes on alone in memory.
 */
// Types only: a value imported from the simulator would be shared with the page and split it (see DeferredSink).

import type { SimulatorCore as Simulator } from '../../simulator-core.ts'
import type { StoredEntry, WorldIdentity } from '../change.ts'
import type { DeferredSink } from './deferred-sink.ts'
import { type ChangeLog, type LogEntry, openChangeLog } from './indexeddb-log.ts'
import { joinTabs } from './tab-sync.ts'
import { TabTurns } from './tab-turns.ts'

/** The database every simulator page of an origin stores its world in. */
const DATABASE = 'debt-token-simulator'
const PREFIX = '[debt-token-simulator]'
/** Why a tab of a browser without Web Locks goes on alone. */
const NO_LOCKS = 'this browser has no Web Locks (navigator.locks), which tabs take turns with'
/** A log longer than this at start is rewritten as one entry, the state it adds up to, so starts stay short. */
const COMPACT_AFTER = 500

/** The active scenario as stored: what `scenarios.use` was given. */
interface StoredScenario {
  readonly scenario: Parameters<Simulator['scenarios']['use']>[0]
  readonly name: string | undefined
}

export interface BrowserPersistenceOptions {
  /** Keep the writes across reloads (IndexedDB). */
  readonly persist: boolean
  /** Tell the other tabs as the log grows (BroadcastChannel); without `persist`, a log kept while a tab is open. */
  readonly sync: boolean
}

/** How the page's requests and factory calls meet the world once the storage is ready. */
export interface BrowserTurns {
  /** Runs a write in this tab's turn among the tabs; resolves once it is stored. */
  write<T>(work: () => Promise<T>): Promise<T>
  /** Resolves once this tab holds what the other tabs stored (before a read). */
  follow(): Promise<void>
}

const alone: BrowserTurns = { write: (work) => work(), follow: () => Promise.resolve() }

const describeError = (error: unknown) =>
  error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : String(error)

/** Restores what is stored for this world, then stores and shares every write; returns how requests take their turns. */
export async function persistInBrowser(
  simulator: Simulator,
  relay: DeferredSink,
  options: BrowserPersistenceOptions,
): Promise<BrowserTurns> {
  const identity = relay.identity
  // `sync` alone: a log per world, kept while its tabs are open; `persist`: the one the origin keeps.
  const database = options.persist ? DATABASE : `${DATABASE} tabs ${identity.seed} ${identity.fixtures}`
  let log: ChangeLog<WorldIdentity, StoredScenario> | undefined
  let warned = false
  /** From here on this tab lives in memory only; the first reason says so, once. */
  const fallBackToMemory = (reason: unknown) => {
    log?.close()
    log = undefined
    tabs?.close()
    if (warned) return
    warned = true
    const why = reason === NO_LOCKS ? NO_LOCKS : `browser storage is not available (${describeError(reason)})`
    console.warn(
      `${PREFIX} ${why}: this tab's writes stay in its memory only, are not shared with other tabs and are lost on reload.`,
    )
  }
  const apply = (entries: Iterable<StoredEntry>) => {
    for (const warning of relay.apply(entries)) console.warn(`${PREFIX} ${warning}`)
  }
  const origin = `IndexedDB ${database}`
  /** Applies the stored entries; false (the world back to its seed) when one cannot be, e.g. written by another version. */
  const restored = (entries: readonly LogEntry[]): boolean => {
    try {
      apply(entries.map(({ key, changes }) => ({ changes, origin: `${origin}, entry ${key}` })))
      return true
    } catch (error) {
      console.warn(
        `${PREFIX} the stored writes cannot be applied (${describeError(error)}): starting from the seeded world.`,
      )
      apply([{ changes: [{ t: 'reset' }], origin: 'a fresh start' }])
      return false
    }
  }
  const isOurs = (stored: WorldIdentity | undefined) => stored !== undefined && relay.isThisWorld(stored)
  let tabs: ReturnType<typeof joinTabs>
  /** The scenario stored with the world (persist). */
  let scenario: StoredScenario | undefined

  /** Under the lock, so that no tab writes meanwhile: the log read and applied; returns the key of its newest entry. */
  const restore = async (opened: ChangeLog<WorldIdentity, StoredScenario>, locks: LockManager): Promise<number> => {
    // `sync` alone: the first tab of the world to open starts the log over.
    if (!options.persist && !(await othersOpen(locks, database))) await opened.startWorld(identity)
    const stored = await opened.read()
    let cursor = 0
    if (isOurs(stored.world)) {
      scenario = stored.scenario
      if (!restored(stored.entries)) {
        scenario = undefined
        await opened.startWorld(identity)
      } else if (stored.entries.length > COMPACT_AFTER)
        cursor = await opened.append(structuredClone(relay.currentState()), true)
      else cursor = stored.entries.at(-1)?.key ?? 0
    } else {
      if (stored.world !== undefined)
        console.info(
          `${PREFIX} the stored writes belong to another world (${relay.describe(stored.world)}); this page runs ${relay.describe(identity)}: starting from the new world, the stored writes are dropped.`,
        )
      await opened.startWorld(identity)
    }
    if (!options.persist) await stayOpen(locks, database)
    return cursor
  }

  let turns: BrowserTurns = alone
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  try {
    if (locks === undefined) throw NO_LOCKS
    const opened = await openChangeLog<WorldIdentity, StoredScenario>(database, isOurs)
    log = opened
    const cursor = await locks.request(database, () => restore(opened, locks))
    const shared = new TabTurns({
      log: opened,
      locks,
      lockName: database,
      origin,
      cursor,
      isOurs: (world) => isOurs(world as WorldIdentity | undefined),
      apply: (entries) => apply(entries),
      lost: fallBackToMemory,
      grew: (key) => tabs?.post(key),
    })
    if (options.sync) tabs = joinTabs(database, () => void shared.follow())
    turns = shared
    // Writes made before the store was open were overlaid by the stored ones: stored now, and applied again on top.
    for (const changes of relay.attach(shared)) shared.append(changes)
  } catch (reason) {
    fallBackToMemory(reason)
    relay.attach({ append() {}, stored: () => Promise.resolve() })
  }

  if (!options.persist) return turns
  // Not part of stored(): no answer waits for the scenario, it is set in-process.
  keepScenario(simulator, (kept) => void log?.keepScenario(kept).catch(fallBackToMemory))
  if (scenario !== undefined) {
    try {
      // A world that creates records needs the factories, which a page loads on demand (decision 0017).
      await simulator.host.prepareScenario(scenario.scenario)
      simulator.scenarios.use(scenario.scenario, scenario.name)
    } catch (error) {
      console.info(`${PREFIX} the stored scenario is not active again: ${describeError(error)}`)
    }
  }
  return turns
}

/** Whether another tab of this log is open (holds its share of the `open` lock). */
function othersOpen(locks: LockManager, database: string): Promise<boolean> {
  return locks.request(`${database} open`, { ifAvailable: true }, (lock) => lock === null)
}

/** Holds a share of the `open` lock for as long as the page lives; resolves once it is held. */
function stayOpen(locks: LockManager, database: string): Promise<void> {
  return new Promise((held) => {
    void locks.request(`${database} open`, { mode: 'shared' }, () => {
      held()
      return new Promise<never>(() => {})
    })
  })
}

/** Calls `keep` with the active scenario whenever `scenarios.use` or `reset` changes it. */
function keepScenario(simulator: Simulator, keep: (scenario: StoredScenario | undefined) => void): void {
  const { scenarios, reset } = simulator
  const { use } = scenarios
  scenarios.use = (nameOrScenario, name) => {
    use.call(scenarios, nameOrScenario, name)
    keep(nameOrScenario === null ? undefined : { scenario: nameOrScenario, name })
  }
  simulator.reset = () => {
    reset.call(simulator)
    keep(undefined)
  }
}

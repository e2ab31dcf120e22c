/**
 * `setupSimulatorWorker({ persist, sync })`: keeps the default world's writes in the page's
 * IndexedDB and shares them with the other tabs of the origin that run the same world. Each write
 * is stored before its answer is sent (the persistence core waits for `stored()`), so closing the
 * tab or a crash loses at most the write in flight; nothing waits for `unload`, an event Chromium
 * is retiring. Loaded by a dynamic import, only when one of the two options is set.
 *
 * Storage that is refused (site data blocked, some private windows) or full falls back to memory
 * with one console warning: the simulator answers as before, it forgets on reload.
 */
// Types only: a value imported from the simulator would be shared with the page and split it (see DeferredSink).
import type { Change, ChangeSink, StoredEntry, WorldIdentity } from '../../persistence/change.ts'
import type { Simulator } from '../msw/create-simulator.ts'
import type { DeferredSink } from './deferred-sink.ts'
import { type ChangeLog, openChangeLog } from './indexeddb-log.ts'
import { joinTabs } from './tab-sync.ts'

/** The database every simulator page of an origin stores its world in. */
const DATABASE = 'debt-token-simulator'
const PREFIX = '[debt-token-simulator]'
/**
 * A log longer than this at start is rewritten as one entry, the state it adds up to, so that a
 * page used for weeks does not read every write it ever made (updates of one record pile up).
 */
const COMPACT_AFTER = 500

/** The active scenario as stored: what `useScenario` was given. */
interface StoredScenario {
  readonly scenario: Parameters<Simulator['useScenario']>[0]
  readonly name: string | undefined
}

export interface BrowserPersistenceOptions {
  /** Keep the writes across reloads (IndexedDB). */
  readonly persist: boolean
  /** Share the writes with the other tabs of the origin as they happen (BroadcastChannel). */
  readonly sync: boolean
}

const describeError = (error: unknown) =>
  error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : String(error)

/** Restores what is stored for this world, then stores and shares every write. */
export async function persistInBrowser(
  simulator: Simulator,
  relay: DeferredSink,
  options: BrowserPersistenceOptions,
): Promise<void> {
  const identity = relay.identity
  let log: ChangeLog<WorldIdentity, StoredScenario> | undefined
  let warned = false
  /** From here on the world lives in memory only; the first refusal says so, once. */
  const fallBackToMemory = (error: unknown) => {
    log?.close()
    log = undefined
    if (warned) return
    warned = true
    console.warn(
      `${PREFIX} browser storage is not available (${describeError(error)}): writes stay in memory only and are lost on reload.`,
    )
  }
  const apply = (entries: Iterable<StoredEntry>) => {
    for (const warning of relay.apply(entries)) console.warn(`${PREFIX} ${warning}`)
  }
  /** Applies the stored entries; false (the world back to its seed) when one cannot be, e.g. written by another version. */
  const restored = (entries: readonly unknown[]): boolean => {
    try {
      apply(entries.map((changes, i) => ({ changes, origin: `IndexedDB ${DATABASE}, entry ${i + 1}` })))
      return true
    } catch (error) {
      console.warn(
        `${PREFIX} the stored writes cannot be applied (${describeError(error)}): starting from the seeded world.`,
      )
      apply([{ changes: [{ t: 'reset' }], origin: 'a fresh start' }])
      return false
    }
  }

  /** Another tab's write, applied here; one this page cannot apply (another version of the simulator) is skipped. */
  const applyShared = (changes: readonly unknown[]) => {
    try {
      apply([{ changes, origin: 'a write of another tab' }])
    } catch (error) {
      console.warn(`${PREFIX} ${describeError(error)}`)
    }
  }
  // Joined before the store is read, and held until it is applied: a write another tab makes
  // meanwhile is then in the store, in a message, or in both (applying it twice does no harm).
  let held: (readonly unknown[])[] | undefined = []
  const tabs = options.sync
    ? joinTabs(`${identity.seed} ${identity.fixtures}`, (changes) => {
        if (held === undefined) applyShared(changes)
        else held.push(changes)
      })
    : undefined

  let scenario: StoredScenario | undefined
  if (options.persist) {
    try {
      log = await openChangeLog(
        DATABASE,
        (stored: WorldIdentity | undefined) => stored !== undefined && relay.isThisWorld(stored),
      )
      const stored = await log.read()
      if (stored.world !== undefined && relay.isThisWorld(stored.world)) {
        scenario = stored.scenario
        if (!restored(stored.entries)) {
          scenario = undefined
          await log.startWorld(identity)
        } else if (stored.entries.length > COMPACT_AFTER) await log.append(relay.currentState(), true)
      } else {
        if (stored.world !== undefined)
          console.info(
            `${PREFIX} the stored writes belong to another world (${relay.describe(stored.world)}); this page runs ${relay.describe(identity)}: starting from the new world, the stored writes are dropped.`,
          )
        await log.startWorld(identity)
      }
    } catch (error) {
      fallBackToMemory(error)
    }
  }

  let pending: Promise<void> = Promise.resolve()
  const sink: ChangeSink = {
    append(changes) {
      tabs?.post(changes)
      if (log === undefined) return
      // After a reset nothing earlier matters: the log starts over with it.
      const reset = changes.findLastIndex((change) => change.t === 'reset')
      pending = log.append(reset === -1 ? changes : changes.slice(reset), reset !== -1).catch(fallBackToMemory)
    },
    stored: () => pending,
  }
  for (const changes of held) applyShared(changes)
  held = undefined
  const early = relay.attach(sink)
  // Writes made before the store was open were overlaid by the stored ones: apply them again, on top, and keep them.
  apply(early.map((changes) => ({ changes, origin: 'a write before worker.start()' })))
  for (const changes of early) sink.append(changes as Change[])

  // Not part of stored(): no answer waits for the scenario, it is set in-process.
  keepScenario(simulator, (kept) => void log?.keepScenario(kept).catch(fallBackToMemory))
  if (scenario !== undefined) {
    try {
      simulator.useScenario(scenario.scenario, scenario.name)
    } catch (error) {
      console.info(`${PREFIX} the stored scenario is not active again: ${describeError(error)}`)
    }
  }
}

/** Calls `keep` with the active scenario whenever `useScenario` or `reset` changes it. */
function keepScenario(simulator: Simulator, keep: (scenario: StoredScenario | undefined) => void): void {
  const { useScenario, reset } = simulator
  simulator.useScenario = (nameOrScenario, name) => {
    useScenario.call(simulator, nameOrScenario, name)
    keep(nameOrScenario === null ? undefined : { scenario: nameOrScenario, name })
  }
  simulator.reset = () => {
    reset.call(simulator)
    keep(undefined)
  }
}

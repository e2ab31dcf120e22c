/**
 * How the tabs of one origin agree on one world (decision 0009): one IndexedDB log holds every tab's
 * writes, and a tab writes only in its turn, under a Web Lock, after taking in what the others stored.
 * A change made outside a turn (a synchronous `reset()`, say) is applied at once, stored at the next
 * turn and applied again on top of the others' entries: every change sets a state, so that is harmless.
 */
import type { Change, ChangeSink, StoredEntry } from '../change.ts'
import type { ChangeLog } from './indexeddb-log.ts'

export interface Locks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}

export interface TabTurnsOptions {
  readonly log: Pick<ChangeLog<unknown, unknown>, 'read' | 'append'>
  readonly locks: Locks
  /** The lock every tab of this log takes its turn with. */
  readonly lockName: string
  /** Names the log in messages (`IndexedDB debt-token-simulator`). */
  readonly origin: string
  /** The key of the newest entry the live world holds (what was read at start). */
  readonly cursor: number
  /** Whether the log is still this tab's world (a tab of another world may take it over). */
  isOurs(world: unknown): boolean
  /** Applies entries to the live world without storing them again; throws when one cannot be applied. */
  apply(entries: StoredEntry[]): void
  /** The log cannot be used any more (refused, full, another world's): called once; the tab goes on in memory. */
  lost(error: unknown): void
  /** This tab stored an entry under `key` (to tell the other tabs). */
  grew?(key: number): void
}

/** A change made outside a turn, waiting for the next one to be stored. */
interface Late {
  readonly changes: readonly Change[]
  readonly done: () => void
  readonly stored: Promise<void>
}

const nothing = () => undefined

export class TabTurns implements ChangeSink {
  readonly #options: TabTurnsOptions
  /** The key of the newest entry applied here. */
  #cursor: number
  /** This tab holds the lock (from the moment it is granted until it is released). */
  #locked = false
  /** This tab's turn is making its write: its changes are stored in the turn, in order. */
  #writing = false
  /** Changes made outside a turn, for the next one to store. */
  #late: Late[] = []
  /** The stores of the changes the running turn made, one after the other. */
  #inTurn: Promise<void> = Promise.resolve()
  /** The last turn asked for: this tab's turns run one at a time. */
  #turns: Promise<unknown> = Promise.resolve()
  /** The log cannot be used any more: the tab answers from its memory alone. */
  #lost = false

  constructor(options: TabTurnsOptions) {
    this.#options = options
    this.#cursor = options.cursor
  }

  /**
   * Runs `work` (a write) in this tab's turn, once the world holds every entry stored before it;
   * resolves once what it changed is stored. Turns of one tab run one at a time; not re-entrant.
   */
  write<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#turns.then(() =>
      this.#lost ? work() : this.#options.locks.request(this.#options.lockName, () => this.#take(work)),
    )
    this.#turns = run.then(nothing, nothing)
    return run
  }

  /** Takes in what the other tabs stored (before a read, or when told the log grew). */
  async follow(): Promise<void> {
    // In a turn the tab already did, and nobody else can add to the log until it ends.
    if (this.#lost || this.#locked) return
    try {
      await this.#follow()
    } catch (error) {
      this.#lose(error)
    }
  }

  append(changes: readonly Change[]): void {
    if (this.#lost) return
    // Copied now, as the sink contract asks: the next write may change these records.
    const copy = structuredClone(changes)
    if (this.#writing) {
      this.#inTurn = this.#inTurn.then(() => this.#store(copy)).catch((error: unknown) => this.#lose(error))
      return
    }
    let done = nothing as () => void
    const stored = new Promise<void>((resolve) => {
      done = resolve
    })
    this.#late.push({ changes: copy, done, stored })
    if (this.#late.length === 1) void this.write(() => Promise.resolve())
  }

  stored(): Promise<void> {
    return Promise.all([this.#inTurn, ...this.#late.map((late) => late.stored)]).then(nothing)
  }

  async #take<T>(work: () => Promise<T>): Promise<T> {
    this.#locked = true
    try {
      await this.#follow().catch((error: unknown) => this.#lose(error))
      // Checked again after each await, and the write started in the same step: a change made
      // meanwhile (a reset) is stored before the write, as it was applied before it.
      while (this.#late.length > 0 && !this.#lost) await this.#storeLate(this.#late.splice(0))
      this.#writing = true
      try {
        return await work()
      } finally {
        await this.#settleTurn()
        this.#writing = false
      }
    } finally {
      this.#locked = false
    }
  }

  /** Applies the entries after the cursor, those read meanwhile by another follow left out. */
  async #follow(): Promise<void> {
    const { world, entries } = await this.#options.log.read(this.#cursor)
    if (!this.#options.isOurs(world))
      throw new DOMException('a tab of another world now stores its own here', 'TakenOverError')
    const fresh = entries.filter((entry) => entry.key > this.#cursor)
    if (fresh.length === 0) return
    this.#cursor = fresh.at(-1)!.key
    this.#options.apply(
      fresh.map((entry) => ({ changes: entry.changes, origin: `${this.#options.origin}, entry ${entry.key}` })),
    )
  }

  /** Stores changes made outside a turn, after what the others stored, and applies them again on top of it. */
  async #storeLate(late: Late[]): Promise<void> {
    try {
      for (const { changes } of late) await this.#store(changes)
      this.#options.apply(late.map(({ changes }) => ({ changes, origin: 'a change of this tab' })))
    } catch (error) {
      this.#lose(error)
    } finally {
      for (const { done } of late) done()
    }
  }

  async #store(changes: readonly Change[]): Promise<void> {
    if (this.#lost) return
    // After a reset nothing earlier matters: the log starts over with it.
    const reset = changes.findLastIndex((change) => change.t === 'reset')
    const key = await this.#options.log.append(reset === -1 ? changes : changes.slice(reset), reset !== -1)
    this.#cursor = key
    this.#options.grew?.(key)
  }

  /** Waits until every change of the turn is stored, those made while it waited too. */
  async #settleTurn(): Promise<void> {
    let settled: Promise<void>
    do {
      settled = this.#inTurn
      await settled
    } while (settled !== this.#inTurn)
  }

  #lose(error: unknown): void {
    if (this.#lost) return
    this.#lost = true
    for (const { done } of this.#late.splice(0)) done()
    this.#options.lost(error)
  }
}

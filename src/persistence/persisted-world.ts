/**
 * Wires a simulator's default world to a store as the core's `WorldKeeper`: a gate every change goes
 * through, shut while stored changes are applied so that they are not stored again.
 */
import type { Clock } from '../model/clock.ts'
import type { Model } from '../model/model.ts'
import type { WorldSnapshot } from '../model/world.ts'
import type { KeptWorld, WorldKeeper } from '../model/world-keeper.ts'
import { type ApplyTarget, applyEntries } from './apply-changes.ts'
import type { Change, ChangeSink, Persistence, PersistenceSetup, StoredEntry } from './change.ts'
import { currentState } from './current-state.ts'
import { worldIdentity } from './world-identity.ts'

/** The keeper of a simulator's default world in `store`: what `createSimulator({ persistence })` takes. */
export function keepWorldIn(store: Persistence): WorldKeeper {
  return new PersistenceGate(store)
}

/** The sink the default world's models and the clock write to; it forwards once the world is open. */
class PersistenceGate implements WorldKeeper {
  readonly #store: Persistence
  #seed = 0
  #sink: ChangeSink | undefined
  #open = false
  /** The base world's model, whose writes are kept (also while a scenario's own world is in use). */
  #kept: Model | undefined
  #states = 0

  constructor(store: Persistence) {
    this.#store = store
  }

  append(changes: readonly Change[]): void {
    if (this.#open) this.#sink!.append(changes)
  }

  stored(): Promise<void> {
    return this.#open ? this.#sink!.stored() : Promise.resolve()
  }

  ready(): Promise<void> | undefined {
    return this.#open ? this.#sink!.ready?.() : undefined
  }

  clockMoved(clock: Clock): void {
    this.append([{ t: 'clock', clock: clock.state() }])
  }

  /**
   * The default world has a new state. A new base state after the first (a reset, the fixtures
   * replaced, a scenario's own world left) is a reset in the store, as it is in memory. A scenario's
   * own world (`kept` false) is not kept, and does not reset what is: while it is in use the base
   * world's records stay stored (a restart without the scenario finds them), and a compaction
   * meanwhile writes the last base state.
   *
   * Returns the sink the new base state's model writes to (undefined for a scenario's world). Its
   * changes pass while that state is the base state; a write still under way on a state a reset
   * replaced lands in a world memory no longer holds, so its changes are dropped: in the store, as in
   * memory, the write came before the reset.
   */
  newState(kept: boolean): ChangeSink | undefined {
    if (!kept) return undefined
    if (this.#states++ > 0) this.append([{ t: 'reset' }])
    const state = this.#states
    return {
      append: (changes) => {
        if (state === this.#states) this.append(changes)
      },
      stored: () => this.stored(),
      ready: () => this.ready(),
    }
  }

  /** The base state's model, whose writes are kept (what a snapshot of the store writes). */
  keep(model: Model): void {
    this.#kept = model
  }

  rebase(world: WorldSnapshot): void {
    if (this.#open) this.#sink!.rebase?.(worldIdentity(this.#seed, world))
  }

  async close(): Promise<void> {
    const sink = this.#sink
    this.#open = false
    this.#sink = undefined
    await sink?.close?.()
  }

  /**
   * Opens the store for `identity`, applies what it holds to the default world, then lets changes
   * through. A store that refuses, or an entry that cannot be applied, throws (the store closed).
   * Returns the warnings to show.
   */
  open(world: KeptWorld): string[] {
    this.#seed = world.seed
    const target = { model: world.model, reset: world.resetModel, clock: world.clock }
    const setup: PersistenceSetup = this.#store({
      identity: worldIdentity(world.seed, world.world, world.generated),
      currentState: () => currentState(this.#kept, world.clock, world.initialClock),
      apply: (entries) => this.#applyShut(target, entries),
    })
    this.#sink = setup.sink
    let warnings: string[]
    try {
      warnings = applyEntries(target, setup.entries)
    } catch (error) {
      void this.close()
      throw error
    }
    try {
      setup.started?.()
    } catch (error) {
      void this.close()
      throw error
    }
    this.#open = true
    return warnings
  }

  /** Applies entries with the gate shut, so that what is already stored (or another tab's) is not stored again. */
  #applyShut(target: ApplyTarget, entries: Iterable<StoredEntry>): string[] {
    const open = this.#open
    this.#open = false
    try {
      return applyEntries(target, entries)
    } finally {
      this.#open = open
    }
  }
}

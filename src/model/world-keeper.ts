/**
 * What keeps the default world's changes somewhere and starts it from them: the seam between the
 * core and persistence (src/persistence/ implements it over a directory or IndexedDB).
 */
import type { ChangeSink } from './change.ts'
import type { Clock, ClockState } from './clock.ts'
import type { Model } from './model.ts'
import type { WorldSnapshot } from './world.ts'

/** The default world as the keeper sees it when it opens. */
export interface KeptWorld {
  readonly seed: number
  readonly world: WorldSnapshot
  /** How a generated world was made (its size and instant): what identifies it, not its rows. */
  readonly generated: { size: number; at: Date } | undefined
  model(): Model
  /** Starts the default world over (a stored reset). */
  resetModel(): void
  readonly clock: Clock
  readonly initialClock: ClockState
}

export interface WorldKeeper {
  /** Applies what is kept to `world`, then keeps what changes; throws when the store refuses, returns warnings. */
  open(world: KeptWorld): string[]
  /**
   * The sink a new state of the default world writes to, or undefined for a state not kept (a
   * scenario's own world). A new base state after the first is a reset.
   */
  newState(kept: boolean): ChangeSink | undefined
  /** The base state's model (what a snapshot of the store holds). */
  keep(model: Model): void
  clockMoved(clock: Clock): void
  /** The seeded world was replaced (`serve --watch`): what is kept belongs to `world` now. */
  rebase(world: WorldSnapshot): void
  stored(): Promise<void>
  /** Undefined when a change may be made at once; else when it may (see ChangeSink.ready). */
  ready(): Promise<void> | undefined
  /** Stores what is pending and lets go of the store; nothing is stored after. */
  close(): Promise<void>
}

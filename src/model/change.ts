/**
 * A change of a world, as persistence stores it: a record put or deleted, a payment id counter
 * moved, the clock moved, the world reset; and the sink a store (a directory, IndexedDB) takes
 * them through (src/persistence). Every kind of change sets a state rather than stepping it, so
 * applying an entry twice leaves what applying it once does: a snapshot taken while a write was
 * halfway, followed by that write's entry, is still right.
 */
import type { ClockState } from './clock.ts'
import type { TableName } from './records.ts'

/** A payment kind whose ids the service assigns from a counter. */
type IdKind = 'managerPayments' | 'investorPayments'

export type Change =
  /** The record as the table stores it now (created, or its new version). */
  | { readonly t: 'put'; readonly table: TableName; readonly record: object }
  /** The record with this (normalized) key is gone. */
  | { readonly t: 'delete'; readonly table: TableName; readonly key: string }
  /** The next id a payment of `kind` gets. */
  | { readonly t: 'nextId'; readonly kind: IdKind; readonly next: number }
  /** Where the clock stands. */
  | { readonly t: 'clock'; readonly clock: ClockState }
  /** The world is back to its seeded records and ids (POST /__sim/reset, a scenario's world taking over). */
  | { readonly t: 'reset' }

/**
 * Where the changes go. `append` takes the changes of one write, in order, as one entry (a store
 * keeps it whole or drops it whole), and must serialize them before it returns: the records may be
 * changed by the next write. `stored()` resolves once every entry appended so far is stored (a
 * store batches: writes arriving while it stores share the next round); the model awaits it before
 * a write is answered, so an answer never precedes its change on the medium.
 */
export interface ChangeSink {
  append(changes: readonly Change[]): void
  stored(): Promise<void>
  /**
   * Whether a write may be applied now: undefined when it may at once; otherwise a promise that
   * resolves once it may (a store that failed has caught up with memory) or rejects when it may
   * not (the store is still behind: the write is refused, and memory stays as it was). A store
   * that never falls behind leaves it out.
   */
  ready?(): Promise<void> | undefined
  /** The world was replaced (`serve --watch` saw new fixtures): what is stored belongs to `identity` now. */
  rebase?(identity: { readonly seed: number; readonly fixtures: string }): void
  /** Stores what is pending and lets go of the medium (a lock, a file); appends after it are ignored. */
  close?(): Promise<void>
}

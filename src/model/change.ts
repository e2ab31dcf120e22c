/**
 * A change of a world as persistence stores it, and the sink a store takes them through. Every
 * change sets a state rather than stepping it, so applying an entry twice is harmless: a snapshot
 * taken halfway through a write, followed by that write's entry, is still right.
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
 * Where the changes go. `append` takes one write's changes as one entry (kept or dropped whole) and
 * must serialize them before it returns: the next write may change the records. `stored()` resolves
 * once every entry so far is stored; the model awaits it so an answer never precedes its change.
 */
export interface ChangeSink {
  append(changes: readonly Change[]): void
  stored(): Promise<void>
  /**
   * Whether a write may be applied now: undefined when it may at once, else a promise that resolves
   * once a failed store caught up, or rejects when it is still behind (the write is refused).
   */
  ready?(): Promise<void> | undefined
  /** The world was replaced (`serve --watch` saw new fixtures): what is stored belongs to `identity` now. */
  rebase?(identity: { readonly seed: number; readonly fixtures: string }): void
  /** Stores what is pending and lets go of the medium (a lock, a file); appends after it are ignored. */
  close?(): Promise<void>
}

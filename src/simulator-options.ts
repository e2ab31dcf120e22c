/**
 * What `createSimulatorCore()` (and every runtime's `createSimulator()`) takes: the world to start
 * from, the clock, scenarios, bounds, and the optional proxy forwarder and persistence store.
 */
import type { World, WorldSnapshot } from './model/world.ts'
import type { WorldKeeper } from './model/world-keeper.ts'
import type { Forwarder } from './pipeline/proxy-step.ts'

export interface SimulatorOptions {
  /** Seed of every generated value. Same seed, same fixtures, same requests: byte-identical responses. */
  seed?: number
  /** `'system'` for real time, or the instant a fixed clock starts at (default 2026-03-02T12:00:00Z). */
  now?: string | Date | 'system'
  /** Raw fixture files (file name → JSON), or a world already parsed; default: the bundled fixtures/. */
  fixtures?: Readonly<Record<string, unknown>> | World
  /** A world snapshot to share (fastest: nothing is parsed). Wins over `size` and `fixtures`. */
  world?: WorldSnapshot
  /** Generate a coherent world of this many debt tokens from the seed instead of loading fixtures. */
  size?: number
  /** Origin the msw handlers answer for; `*` (default) matches any origin. */
  baseUrl?: string
  /** More scenarios by name (raw JSON or parsed), besides the shipped ones; a same name replaces one. */
  scenarios?: Readonly<Record<string, unknown>>
  /** How many recent requests the journal keeps (default 500). */
  journalCapacity?: number
  /**
   * How many characters of each request and response body the journal keeps (default 4096, the
   * least; at most 1 MiB): raise it to export whole long answers (`journal.toHar()`, docs/har-export.md).
   */
  journalBodyLimit?: number
  /** How many sessions may exist at once (default 100). */
  sessionLimit?: number
  /** How long a session may sit idle before it is dropped, in ms (default 30 minutes). */
  sessionIdleMs?: number
  /**
   * How many records the world, and each session, may hold beyond the seeded ones, a debt token
   * counting one more per parcel (default 10,000): a create beyond it answers 507 until a reset
   * frees room.
   */
  maxRecords?: number
  /**
   * Forwards operations to the real service instead of resolving them (`serve --proxy`; the
   * standalone server's `proxy` option builds it with src/proxy/forward.ts). Scenarios still apply.
   */
  forwarder?: Forwarder
  /**
   * Keeps the default world's writes (records, payment ids, the clock when moved, resets) in a
   * store, and starts from what it holds: a directory in Node (`persist: { dir }`), IndexedDB in
   * the browser, or your own store (`keepWorldIn(store)`). Off by default: tests stay isolated.
   * Sessions are never persisted. One keeper per simulator.
   */
  persistence?: WorldKeeper
}

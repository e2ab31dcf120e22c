/** What `createSimulatorCore()` and every runtime's `createSimulator()` take. */
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
   * How many characters of each body the journal keeps (default and least 4096, at most 1 MiB): raise it
   * to export whole long answers (`journal.toHar()`, docs/har-export.md).
   */
  journalBodyLimit?: number
  /** How many sessions may exist at once (default 100). */
  sessionLimit?: number
  /** How long a session may sit idle before it is dropped, in ms (default 30 minutes). */
  sessionIdleMs?: number
  /**
   * How many records the world, and each session, may hold beyond the seeded ones (default 10,000; a
   * debt token counts one more per parcel): a create beyond it answers 507 until a reset.
   */
  maxRecords?: number
  /** Forwards operations to the real service instead of resolving them (`serve --proxy`). Scenarios still apply. */
  forwarder?: Forwarder
  /**
   * Keeps the default world's writes in a store and starts from what it holds: a directory in Node
   * (`persist: { dir }`), IndexedDB in the browser, or your own (`keepWorldIn(store)`). Off by default.
   * Sessions are never persisted. One keeper per simulator.
   */
  persistence?: WorldKeeper
}

/** What persistence stores (a world's changes, as read back, and its identity) and how a store plugs in. */
import * as z from 'zod/mini'
import { strict } from '../contract/schema-forms.ts'
import type { Change, ChangeSink } from '../model/change.ts'
import type { TableName } from '../model/records.ts'
import { tableNames } from '../model/world.ts'

export type { Change, ChangeSink }

/** Which world stored changes apply to: the same seed and the same seeded records. */
export interface WorldIdentity {
  readonly seed: number
  /** A hash of the seeded records (`fnv1a:…`), or how a generated world was made (`generated:…`). */
  readonly fixtures: string
}

/** A stored entry as read back, and where it was read from (`dir/log-3.jsonl:17`) for errors. */
export interface StoredEntry {
  readonly changes: unknown
  readonly origin: string
}

const ClockStateSchema = z.lazy(() =>
  z.discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('fixed'), at: z.string() }),
    z.strictObject({ mode: z.literal('system'), offsetMs: z.number() }),
  ]),
)

const TableNameSchema = z.enum(tableNames as [TableName, ...TableName[]])

/** The shape of a stored change; a put's record is checked against its table's schema apart. */
export const ChangeSchema = z.lazy(() =>
  z.discriminatedUnion('t', [
    z.strictObject({ t: z.literal('put'), table: TableNameSchema, record: z.record(z.string(), z.unknown()) }),
    z.strictObject({ t: z.literal('delete'), table: TableNameSchema, key: z.string() }),
    strict(
      z.object({
        t: z.literal('nextId'),
        kind: z.enum(['managerPayments', 'investorPayments']),
        next: z.number().check(z.int(), z.positive()),
      }),
    ),
    z.strictObject({ t: z.literal('clock'), clock: ClockStateSchema }),
    z.strictObject({ t: z.literal('reset') }),
  ]),
)

/** What a store hands the simulator at start, given the world it starts with. */
export interface PersistenceSetup {
  /** The stored entries, oldest first, to apply to the fresh world before the first request. */
  readonly entries: Iterable<StoredEntry>
  readonly sink: ChangeSink
  /** Called once the entries are applied: the start succeeded (a store may now tidy up, e.g. cut a torn last line). */
  readonly started?: () => void
}

/**
 * How a simulator is persisted, storage-agnostic: called once at start with the world's identity (a
 * store refuses another world's by throwing), its current state as changes, and a way to apply entries later.
 */
export type Persistence = (context: {
  readonly identity: WorldIdentity
  readonly currentState: () => Change[]
  /**
   * Applies entries that arrive after the start (another tab's, say) to the live default world without
   * passing them back to the sink. Returns the warnings to show; throws StoredChangeError as the start does.
   */
  readonly apply: (entries: Iterable<StoredEntry>) => string[]
}) => PersistenceSetup

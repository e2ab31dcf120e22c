/**
 * Applying stored changes to a fresh world at start: each entry is checked, a put's record against
 * its table's schema, so a bad stored record is reported where it was read rather than served.
 */
import type * as z from 'zod/mini'
import { issueText } from '../contract/issue-text.ts'
import type { Clock } from '../model/clock.ts'
import type { Model } from '../model/model.ts'
import { tables } from '../model/records.ts'
import { formatPath } from '../model/world.ts'
import { type Change, ChangeSchema, type StoredEntry } from './change.ts'

/** A stored entry that cannot be applied: names where it was read (`dir/log-2.jsonl:17`) and what is wrong. */
export class StoredChangeError extends Error {
  constructor(
    readonly origin: string,
    detail: string,
  ) {
    super(`${origin}: ${detail}`)
    this.name = 'StoredChangeError'
  }
}

/** The changes of a stored entry (one change, or the array of one write), checked; throws StoredChangeError. */
function checkEntry(entry: StoredEntry): Change[] {
  const raw = Array.isArray(entry.changes) ? entry.changes : [entry.changes]
  return raw.map((item, i) => {
    const where = Array.isArray(entry.changes) ? `[${i}]` : ''
    let change: Change
    if (isPlainPut(item)) change = item
    else {
      const shape = ChangeSchema.safeParse(item)
      if (!shape.success)
        throw issueError(entry.origin, where, ChangeSchema.safeParse(item, { reportInput: true }).error!.issues[0]!)
      change = shape.data as Change
    }
    if (change.t !== 'put') return change
    const schema = tables[change.table].schema as z.ZodMiniType
    // With zod's JIT: a large written world parses each table's schema many times.
    const record = schema.safeParse(change.record)
    if (!record.success) {
      // Parsed again with the input in the issue, so the message can say what the field held.
      const issue = schema.safeParse(change.record, { reportInput: true }).error!.issues[0]!
      throw issueError(entry.origin, `${where}.record`, issue, `a ${change.table} record`)
    }
    return { ...change, record: record.data as object }
  })
}

/** A put with exactly its three fields, most of a start's changes: checked without zod's union, which copies it. */
function isPlainPut(item: unknown): item is Change & { t: 'put' } {
  if (typeof item !== 'object' || item === null) return false
  const { t, table, record } = item as Record<string, unknown>
  return (
    t === 'put' &&
    typeof table === 'string' &&
    Object.hasOwn(tables, table) &&
    typeof record === 'object' &&
    record !== null &&
    !Array.isArray(record) &&
    Object.keys(item).length === 3
  )
}

function issueError(
  origin: string,
  where: string,
  issue: z.core.$ZodIssue,
  what = 'a stored change',
): StoredChangeError {
  const path = formatPath(issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path)
  const at = `${where}${path === '' || path.startsWith('[') || where === '' ? '' : '.'}${path}`
  const detail = issue.code === 'unrecognized_keys' ? 'unknown field' : issueText(issue)
  return new StoredChangeError(origin, `${what} is not valid${at === '' ? '' : ` at ${at}`}: ${detail}`)
}

/** Where stored changes land: the default world's model (replaced on a reset) and the clock. */
export interface ApplyTarget {
  model(): Model
  /** Drops the written records: the world as seeded, with a fresh model. */
  reset(): void
  readonly clock: Clock
}

/**
 * Applies `entries` in order, synchronously (as a simulator is created). Returns the warnings to
 * show (a stored clock of the other mode is skipped).
 */
export function applyEntries(target: ApplyTarget, entries: Iterable<StoredEntry>): string[] {
  const warnings: string[] = []
  for (const entry of entries) {
    for (const change of checkEntry(entry)) {
      switch (change.t) {
        case 'put':
          ;(target.model()[change.table].restore as (record: object) => void)(change.record)
          break
        case 'delete':
          target.model()[change.table].delete(change.key)
          break
        case 'nextId':
          target.model().restoreNextId(change.kind, change.next)
          break
        case 'clock':
          if (change.clock.mode === target.clock.mode) target.clock.restore(change.clock)
          else
            warnings.push(
              `${entry.origin}: the stored ${change.clock.mode} clock is not restored on a ${target.clock.mode} clock`,
            )
          break
        case 'reset':
          target.reset()
          break
      }
    }
  }
  return warnings
}

/**
 * The journal's filters and the filtered view of the live entries. Entries only arrive at the end and
 * leave at the start, so with the same filters only new entries are tested.
 */
import type { Entry } from './types.ts'

export interface JournalFilters {
  readonly operation: string
  /** '2', '4', '5'… the first digit of the status; '0' a network error; '' any. */
  readonly statusClass: string
  /** A session id, '-' for requests without one, '' any. */
  readonly session: string
  readonly text: string
}

export const NO_FILTERS: JournalFilters = { operation: '', statusClass: '', session: '', text: '' }

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function matcher(filters: JournalFilters): (entry: Entry) => boolean {
  const text = filters.text.trim()
  const pattern = text === '' ? null : new RegExp(escapeRegExp(text), 'i')
  return (entry) => {
    if (filters.operation !== '' && (entry.operation ?? '(none)') !== filters.operation) return false
    if (filters.statusClass !== '' && String(entry.status).charAt(0) !== filters.statusClass) return false
    if (filters.session !== '' && (entry.session ?? '-') !== filters.session) return false
    if (pattern === null) return true
    return (
      pattern.test(entry.path) ||
      pattern.test(entry.query) ||
      pattern.test(entry.operation ?? '') ||
      pattern.test(String(entry.status)) ||
      (entry.requestBody !== null && pattern.test(entry.requestBody)) ||
      (entry.responseBody !== null && pattern.test(entry.responseBody)) ||
      // A forwarded request (`serve --proxy`) as the exchange panel words it: "drift" finds every drifted one.
      (entry.proxy !== undefined &&
        (pattern.test(`proxied ${entry.proxy.url}`) ||
          entry.proxy.drift.some((line) => pattern.test(`drift: ${line}`))))
    )
  }
}

/** The filtered entries, kept up to date incrementally. */
export class FilteredView {
  #filters: JournalFilters = NO_FILTERS
  #matches: (entry: Entry) => boolean = matcher(NO_FILTERS)
  #source: readonly Entry[] = []
  #result: Entry[] = []
  /** The newest source entry already tested. */
  #lastTested: Entry | undefined

  /** The entries of `source` that pass `filters`, oldest first. */
  update(source: readonly Entry[], filters: JournalFilters): readonly Entry[] {
    if (source === this.#source && filters === this.#filters) return this.#result
    const last = this.#lastTested
    // Where the untested entries start: just after the last tested one, if it is still there.
    let start = source.length
    if (last !== undefined) while (start > 0 && source[start - 1]!.seq > last.seq) start--
    const appendOnly = filters === this.#filters && last !== undefined && start > 0 && source[start - 1] === last
    if (!appendOnly) {
      this.#filters = filters
      this.#matches = matcher(filters)
      this.#result = source.filter(this.#matches)
    } else {
      // Drop what left the source at the start, test what arrived at the end.
      const first = source[0]!.seq
      let drop = 0
      while (drop < this.#result.length && this.#result[drop]!.seq < first) drop++
      const kept = drop === 0 ? this.#result : this.#result.slice(drop)
      const added = source.slice(start).filter(this.#matches)
      this.#result = added.length === 0 ? kept : kept.concat(added)
    }
    this.#source = source
    this.#lastTested = source[source.length - 1]
    return this.#result
  }
}

/**
 * Journal: every request the simulator answers, live, with filters by operation, status class,
 * session and text; one exchange opened shows its request and response, to copy as curl or add
 * to the scenario draft.
 */
import { useMemo, useRef, useState } from 'preact/hooks'
import { call } from '../api.ts'
import { FilteredView, type JournalFilters, NO_FILTERS } from '../journal-filter.ts'
import { live } from '../live.ts'
import { announce, reportError, useStore } from '../store.ts'
import type { Entry } from '../types.ts'
import { Exchange } from './exchange.tsx'
import { JournalTable } from './journal-table.tsx'

const STATUS_CLASSES = [
  ['2', '2xx success'],
  ['3', '3xx'],
  ['4', '4xx client error'],
  ['5', '5xx server error'],
  ['0', 'network error'],
] as const

/** The distinct values of a field over the entries, sorted (for the filter choices). */
function distinct(entries: readonly Entry[], pick: (entry: Entry) => string): string[] {
  const seen = new Set<string>()
  for (const entry of entries) seen.add(pick(entry))
  return [...seen].sort()
}

export function JournalPanel() {
  const feed = useStore(live)
  const [filters, setFilters] = useState<JournalFilters>(NO_FILTERS)
  const [selected, setSelected] = useState<Entry | null>(null)
  const view = useRef(new FilteredView())
  const shown = view.current.update(feed.entries, filters)
  const operations = useMemo(() => distinct(feed.entries, (entry) => entry.operation ?? '(none)'), [feed.version])
  const sessions = useMemo(() => distinct(feed.entries, (entry) => entry.session ?? '-'), [feed.version])
  const set = (patch: Partial<JournalFilters>) => setFilters({ ...filters, ...patch })
  const clear = async () => {
    try {
      await call('DELETE', '/__sim/journal')
      setSelected(null)
      announce('Journal emptied')
    } catch (error) {
      reportError(error)
    }
  }
  return (
    <>
      <form class="filters" aria-label="Journal filters" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="filter-operation">Operation</label>
        <select
          id="filter-operation"
          value={filters.operation}
          onChange={(event) => set({ operation: event.currentTarget.value })}
        >
          <option value="">any</option>
          {operations.map((operation) => (
            <option key={operation} value={operation}>
              {operation}
            </option>
          ))}
        </select>
        <label htmlFor="filter-status">Status</label>
        <select
          id="filter-status"
          value={filters.statusClass}
          onChange={(event) => set({ statusClass: event.currentTarget.value })}
        >
          <option value="">any</option>
          {STATUS_CLASSES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor="filter-session">Session</label>
        <select
          id="filter-session"
          value={filters.session}
          onChange={(event) => set({ session: event.currentTarget.value })}
        >
          <option value="">any</option>
          {sessions.map((session) => (
            <option key={session} value={session}>
              {session === '-' ? 'no session' : session}
            </option>
          ))}
        </select>
        <label htmlFor="filter-text">Text</label>
        <input
          id="filter-text"
          type="search"
          value={filters.text}
          placeholder="path, body…"
          onInput={(event) => set({ text: event.currentTarget.value })}
        />
        <button type="button" onClick={() => setFilters(NO_FILTERS)}>
          Clear filters
        </button>
        <button type="button" class="danger" onClick={clear}>
          Empty the journal
        </button>
      </form>
      <p class="journal-count" data-testid="journal-count">
        Showing {shown.length} of {feed.entries.length} entries
        {feed.dropped > 0 ? ` (${feed.dropped} earlier ones fell off)` : ''}
      </p>
      <JournalTable entries={shown} selected={selected?.seq ?? null} onSelect={setSelected} />
      {selected === null ? (
        <p>Choose an exchange (its # button) to see its request and response.</p>
      ) : (
        <Exchange key={selected.seq} entry={selected} />
      )}
    </>
  )
}

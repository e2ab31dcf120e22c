/** Journal: every request the simulator answers, live and filtered, one exchange opened, and "Download HAR". */
import { useMemo, useRef, useState } from 'preact/hooks'
import { call, query } from '../api.ts'
import { downloadJson } from '../files.ts'
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

/** A labelled filter choice: "any" (the empty value), then each value with its label. */
function FilterSelect(props: {
  id: string
  label: string
  value: string
  choices: readonly (readonly [value: string, label: string])[]
  onChange: (value: string) => void
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        <option value="">any</option>
        {props.choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </>
  )
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
  const downloadHar = async () => {
    try {
      // A session chosen: its requests; "any" or "no session": the whole journal (the route filters by a session only).
      const session = filters.session === '' || filters.session === '-' ? undefined : filters.session
      downloadJson('simulator-journal.har', await call('GET', `/__sim/journal.har${query({ session })}`))
    } catch (error) {
      reportError(error)
    }
  }
  return (
    <>
      <form class="filters" aria-label="Journal filters" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          id="filter-operation"
          label="Operation"
          value={filters.operation}
          choices={operations.map((operation) => [operation, operation] as const)}
          onChange={(operation) => set({ operation })}
        />
        <FilterSelect
          id="filter-status"
          label="Status"
          value={filters.statusClass}
          choices={STATUS_CLASSES}
          onChange={(statusClass) => set({ statusClass })}
        />
        <FilterSelect
          id="filter-session"
          label="Session"
          value={filters.session}
          choices={sessions.map((session) => [session, session === '-' ? 'no session' : session] as const)}
          onChange={(session) => set({ session })}
        />
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
        <button type="button" onClick={downloadHar}>
          Download HAR
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

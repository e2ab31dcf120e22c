/** Data: each table of the model, paged and searchable; a record opened shows as the API reads it now. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { call, query } from '../api.ts'
import { useLoaded } from '../hooks.ts'
import { ScrollBox } from '../scroll-box.tsx'
import { actingSession, reportError, useStore } from '../store.ts'
import { TABLES, type TableName, type TablePage, type TableRecord } from '../types.ts'
import { COLUMNS } from './data-columns.ts'
import { FactoryForm } from './factory-form.tsx'

const PAGE_SIZE = 25

function RecordView({ table, recordKey, onOpen, onSearch }: RecordViewProps) {
  const session = useStore(actingSession)
  const { data } = useLoaded(
    () => call<TableRecord>('GET', `/__sim/tables/${table}/${encodeURIComponent(recordKey)}`, { session }),
    [table, recordKey, session],
  )
  const heading = useRef<HTMLHeadingElement>(null)
  // A record opened (or followed to) takes the focus, so a keyboard user lands on it.
  useEffect(() => heading.current?.focus(), [data?.key, data?.table])
  if (data === undefined) return <p>Loading the record…</p>
  return (
    <section class="record" aria-labelledby="record-title">
      <h3 id="record-title" tabIndex={-1} ref={heading}>
        {table} {data.key}
      </h3>
      {data.links.length > 0 && (
        <ul class="links" aria-label="Linked records">
          {data.links.map((link) => (
            <li key={`${link.label}-${link.key ?? link.q}`}>
              <button
                type="button"
                onClick={() => (link.key !== null ? onOpen(link.table, link.key) : onSearch(link.table, link.q ?? ''))}
              >
                {link.key !== null ? `Open ${link.label}` : `Show ${link.label}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ScrollBox label={`record ${data.key}`} text={JSON.stringify(data.record, null, 2)} />
    </section>
  )
}

interface RecordViewProps {
  table: TableName
  recordKey: string
  onOpen: (table: TableName, key: string) => void
  onSearch: (table: TableName, q: string) => void
}

export function DataPanel() {
  const session = useStore(actingSession)
  const [table, setTable] = useState<TableName>('debtTokens')
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  const [offset, setOffset] = useState(0)
  const [open, setOpen] = useState<{ table: TableName; key: string } | null>(null)
  const page = useLoaded(
    () =>
      call<TablePage>('GET', `/__sim/tables/${table}${query({ offset, limit: PAGE_SIZE, q })}`, { session }).catch(
        (error: unknown) => {
          reportError(error)
          return undefined
        },
      ),
    [table, q, offset, session],
  )
  const show = (next: TableName, search: string) => {
    setTable(next)
    setTyped(search)
    setQ(search)
    setOffset(0)
  }
  const columns = COLUMNS[table]
  const data = page.data
  return (
    <>
      <form
        class="filters"
        aria-label="Browse a table"
        onSubmit={(event) => {
          event.preventDefault()
          show(table, typed.trim())
        }}
      >
        <label htmlFor="data-table">Table</label>
        <select id="data-table" value={table} onChange={(event) => show(event.currentTarget.value as TableName, '')}>
          {TABLES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label>
          Address or id <input type="search" value={typed} onInput={(event) => setTyped(event.currentTarget.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      {data !== undefined && (
        <>
          <p data-testid="data-count">
            {data.total === 0
              ? 'No record'
              : `Records ${data.offset + 1}–${Math.min(data.offset + PAGE_SIZE, data.total)} of ${data.total}`}
            {q === '' ? '' : ` matching "${q}"`}
            {session === null ? '' : ` in session ${session}`}
          </p>
          <table class="records">
            <thead>
              <tr>
                <th scope="col">Key</th>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.records.map((row) => (
                <tr key={row.key}>
                  <td>
                    <button type="button" class="link" onClick={() => setOpen({ table, key: row.key })}>
                      {row.key}
                    </button>
                  </td>
                  {columns.map((column) => (
                    <td key={column.label}>{column.value(row.record as Record<string, unknown>)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div class="row">
            <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              Previous page
            </button>
            <button
              type="button"
              disabled={offset + PAGE_SIZE >= data.total}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              Next page
            </button>
          </div>
        </>
      )}
      {open !== null && (
        <RecordView
          table={open.table}
          recordKey={open.key}
          onOpen={(next, key) => setOpen({ table: next, key })}
          onSearch={(next, search) => {
            setOpen(null)
            show(next, search)
          }}
        />
      )}
      <FactoryForm table={table} onCreated={page.reload} />
    </>
  )
}

/** The journal's list: only the rows in view are rendered, so a long journal costs what a short one does. */
import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Entry } from '../types.ts'

const ROW_HEIGHT = 28
const VIEW_HEIGHT = 392
const OVERSCAN = 8

function time(at: string): string {
  return at.slice(11, 23)
}

function statusClass(status: number): string {
  return status === 0 ? 'status-0' : `status-${String(status).charAt(0)}`
}

/** A forwarded request (`serve --proxy`) is marked ⇄, and one whose answer drifted from the contract ⚠ with the count. */
function ProxyMarks({ entry }: { entry: Entry }) {
  const { proxy } = entry
  if (proxy === undefined) return null
  const drift = proxy.drift.length
  // The symbols are hidden from screen readers, which read the words (a title alone is not read).
  return (
    <>
      {' '}
      <span class="proxied" title={`forwarded to ${proxy.url}`}>
        <span aria-hidden="true">⇄</span>
        <span class="visually-hidden">forwarded</span>
      </span>
      {drift > 0 && (
        <span class="drift" title={proxy.drift.join('\n')}>
          {' '}
          <span aria-hidden="true">⚠ {drift}</span>
          <span class="visually-hidden">{drift} contract drift</span>
        </span>
      )}
    </>
  )
}

export function JournalTable(props: {
  entries: readonly Entry[]
  selected: number | null
  onSelect: (entry: Entry) => void
}) {
  const { entries, selected, onSelect } = props
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const following = useRef(true)

  // Stay at the bottom while following, as entries arrive.
  useLayoutEffect(() => {
    const element = scroller.current
    if (element === null || !following.current) return
    element.scrollTop = element.scrollHeight
    setScrollTop(element.scrollTop)
  }, [entries.length])

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN)
  const last = Math.min(entries.length, Math.ceil((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN)
  const visible = entries.slice(first, last)
  return (
    <div
      class="journal-scroller"
      ref={scroller}
      style={{ height: `${VIEW_HEIGHT}px` }}
      onScroll={(event) => {
        const element = event.currentTarget
        following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT
        setScrollTop(element.scrollTop)
      }}
    >
      <table class="journal" aria-rowcount={entries.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">#</th>
            <th scope="col">Time</th>
            <th scope="col">Method</th>
            <th scope="col">Path</th>
            <th scope="col" class="number">
              Status
            </th>
            <th scope="col" class="number">
              ms
            </th>
            <th scope="col">Operation</th>
            <th scope="col">Scenario</th>
            <th scope="col">Session</th>
          </tr>
        </thead>
        <tbody>
          {first > 0 && (
            <tr class="spacer" style={{ height: `${first * ROW_HEIGHT}px` }}>
              <td colSpan={9} />
            </tr>
          )}
          {visible.map((entry, i) => (
            <tr
              key={entry.seq}
              aria-rowindex={first + i + 2}
              class={entry.seq === selected ? 'selected' : undefined}
              style={{ height: `${ROW_HEIGHT}px` }}
            >
              <td>
                <button
                  type="button"
                  class="link"
                  aria-pressed={entry.seq === selected}
                  aria-label={`Show exchange ${entry.seq}: ${entry.method} ${entry.path} ${entry.status}`}
                  onClick={() => onSelect(entry)}
                >
                  {entry.seq}
                </button>
              </td>
              <td data-volatile>{time(entry.at)}</td>
              <td>{entry.method}</td>
              <td class="path" title={entry.query === '' ? entry.path : `${entry.path}?${entry.query}`}>
                {entry.path}
                {entry.query === '' ? '' : `?${entry.query}`}
              </td>
              <td class={`number ${statusClass(entry.status)}`}>{entry.status === 0 ? 'network' : entry.status}</td>
              <td class="number" data-volatile>
                {entry.durationMs.toFixed(1)}
              </td>
              <td>
                {entry.operation ?? '—'}
                <ProxyMarks entry={entry} />
              </td>
              <td>{entry.scenario ?? ''}</td>
              <td>{entry.session ?? ''}</td>
            </tr>
          ))}
          {last < entries.length && (
            <tr class="spacer" style={{ height: `${(entries.length - last) * ROW_HEIGHT}px` }}>
              <td colSpan={9} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

/** The dashboard's frame: the live connection, the acting session, announcements, and the panels as ARIA tabs. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { call } from './api.ts'
import { useLoaded } from './hooks.ts'
import { live } from './live.ts'
import { CoveragePanel } from './panels/coverage.tsx'
import { DataPanel } from './panels/data.tsx'
import { JournalPanel } from './panels/journal.tsx'
import { OverviewPanel } from './panels/overview.tsx'
import { RecordReplayPanel } from './panels/record-replay.tsx'
import { ScenariosPanel } from './panels/scenarios.tsx'
import { actingSession, notice, useStore } from './store.ts'
import type { Sessions } from './types.ts'

const PANELS = [
  { id: 'overview', label: 'Overview', Panel: OverviewPanel },
  { id: 'scenarios', label: 'Scenarios', Panel: ScenariosPanel },
  { id: 'journal', label: 'Journal', Panel: JournalPanel },
  { id: 'data', label: 'Data', Panel: DataPanel },
  { id: 'record', label: 'Record and replay', Panel: RecordReplayPanel },
  { id: 'coverage', label: 'Coverage', Panel: CoveragePanel },
] as const

type PanelId = (typeof PANELS)[number]['id']

function panelFromHash(): PanelId {
  const id = location.hash.slice(1)
  return PANELS.some((panel) => panel.id === id) ? (id as PanelId) : 'overview'
}

function SessionPicker() {
  const session = useStore(actingSession)
  const { data } = useLoaded(() => call<Sessions>('GET', '/__sim/sessions'), [], ['control', 'exchange'])
  const ids = data?.sessions.map((entry) => entry.id) ?? []
  if (session !== null && !ids.includes(session)) ids.push(session)
  return (
    <label class="session-picker">
      Acting on{' '}
      <select
        class="session"
        value={session ?? ''}
        onChange={(event) => actingSession.set(event.currentTarget.value === '' ? null : event.currentTarget.value)}
      >
        <option value="">the shared world (no session)</option>
        {ids.map((id) => (
          <option key={id} value={id}>
            session {id}
          </option>
        ))}
      </select>
    </label>
  )
}

function Connection() {
  const feed = useStore(live)
  const text = { connecting: 'connecting…', live: 'live', reconnecting: 'reconnecting…' }[feed.connection]
  return (
    <span class={`connection connection-${feed.connection}`} title="the live feed of GET /__sim/events">
      Feed: {text}
    </span>
  )
}

function Announcements() {
  const current = useStore(notice)
  return (
    <div class="notices">
      <p role="status" class="notice">
        {current?.kind === 'info' ? current.text : ''}
      </p>
      <p role="alert" class="notice notice-error">
        {current?.kind === 'error' ? current.text : ''}
      </p>
    </div>
  )
}

export function App() {
  const [active, setActive] = useState<PanelId>(panelFromHash)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  useEffect(() => {
    const follow = () => setActive(panelFromHash())
    addEventListener('hashchange', follow)
    return () => removeEventListener('hashchange', follow)
  }, [])
  const select = (id: PanelId, focus = false) => {
    setActive(id)
    history.replaceState(null, '', `#${id}`)
    if (focus) tabs.current[PANELS.findIndex((panel) => panel.id === id)]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const index = PANELS.findIndex((panel) => panel.id === active)
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: PANELS.length - 1 - index }
    const move = moves[event.key]
    if (move === undefined) return
    event.preventDefault()
    select(PANELS[(index + move + PANELS.length) % PANELS.length]!.id, true)
  }
  return (
    <>
      <header class="top">
        <h1>debt-token-simulator</h1>
        <Connection />
        <SessionPicker />
      </header>
      <Announcements />
      <nav aria-label="Panels">
        <div role="tablist" aria-label="Dashboard panels" class="tabs" onKeyDown={onKeyDown}>
          {PANELS.map((panel, i) => (
            <button
              key={panel.id}
              ref={(element) => {
                tabs.current[i] = element
              }}
              type="button"
              role="tab"
              id={`tab-${panel.id}`}
              aria-selected={active === panel.id}
              aria-controls={`panel-${panel.id}`}
              tabIndex={active === panel.id ? 0 : -1}
              onClick={() => select(panel.id)}
            >
              {panel.label}
            </button>
          ))}
        </div>
      </nav>
      <main>
        {PANELS.map(({ id, label, Panel }) =>
          active === id ? (
            <section key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} class="panel">
              <h2>{label}</h2>
              <Panel />
            </section>
          ) : null,
        )}
      </main>
    </>
  )
}

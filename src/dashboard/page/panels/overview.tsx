/** Overview: health, the clock, table sizes, the active scenario, the live sessions and requests served. */
import { useState } from 'preact/hooks'
import { call } from '../api.ts'
import { useLoaded } from '../hooks.ts'
import { actingSession, announce, reportError, useStore } from '../store.ts'
import type { Clock, Health, Sessions, State } from '../types.ts'

const DAY_MS = 86_400_000

/** The same instant one calendar month later (the 31st becomes the last day of a shorter month). */
function addMonth(iso: string): string {
  const date = new Date(iso)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + 1)
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, last))
  return date.toISOString()
}

function ClockCard({ health, reload }: { health: Health; reload: () => void }) {
  const [typed, setTyped] = useState('')
  const setClock = async (body: { now: string } | { advanceMs: number }, what: string) => {
    try {
      const clock = await call<Clock>('PUT', '/__sim/clock', { body })
      announce(`${what}: the clock reads ${clock.now}`)
      reload()
    } catch (error) {
      reportError(error)
    }
  }
  return (
    <section class="card" aria-labelledby="clock-title">
      <h3 id="clock-title">Clock</h3>
      <p class="big">
        <time dateTime={health.clock.now}>{health.clock.now}</time>
      </p>
      <p>Mode: {health.clock.mode === 'fixed' ? 'fixed (moves only when told)' : 'system (real time)'}</p>
      <div class="row">
        <button type="button" onClick={() => setClock({ advanceMs: DAY_MS }, 'Moved a day on')}>
          Advance one day
        </button>
        <button type="button" onClick={() => setClock({ now: addMonth(health.clock.now) }, 'Moved a month on')}>
          Advance one month
        </button>
      </div>
      <form
        class="row"
        onSubmit={(event) => {
          event.preventDefault()
          if (typed.trim() !== '') void setClock({ now: typed.trim() }, 'Clock set')
        }}
      >
        <label>
          Set the clock to{' '}
          <input
            type="text"
            value={typed}
            placeholder="2026-06-01T00:00:00Z"
            onInput={(event) => setTyped(event.currentTarget.value)}
          />
        </label>
        <button type="submit">Set clock</button>
      </form>
    </section>
  )
}

function SessionsCard({ sessions, reload }: { sessions: Sessions; reload: () => void }) {
  const acting = useStore(actingSession)
  const end = async (id: string) => {
    try {
      await call('DELETE', `/__sim/sessions/${encodeURIComponent(id)}`)
      if (acting === id) actingSession.set(null)
      announce(`Session ${id} ended`)
      reload()
    } catch (error) {
      reportError(error)
    }
  }
  return (
    <section class="card wide" aria-labelledby="sessions-title">
      <h3 id="sessions-title">
        Sessions ({sessions.sessions.length} of at most {sessions.limit})
      </h3>
      {sessions.sessions.length === 0 ? (
        <p>No session: every client uses the shared world. A request with X-Sim-Session: &lt;id&gt; starts one.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {sessions.sessions.map((session) => (
              <tr key={session.id}>
                <td>{session.id}</td>
                <td data-volatile>{session.createdAt}</td>
                <td data-volatile>{session.lastUsedAt}</td>
                <td>
                  <div class="row">
                    <button
                      type="button"
                      onClick={() => actingSession.set(session.id)}
                      disabled={acting === session.id}
                    >
                      Act on {session.id}
                    </button>
                    <button type="button" class="danger" onClick={() => end(session.id)}>
                      End session {session.id}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export function OverviewPanel() {
  const session = useStore(actingSession)
  const health = useLoaded(() => call<Health>('GET', '/__sim/health'), [], ['control', 'exchange'])
  const state = useLoaded(
    () => call<State>('GET', '/__sim/state?limit=0', { session }),
    [session],
    ['control', 'exchange'],
  )
  const sessions = useLoaded(() => call<Sessions>('GET', '/__sim/sessions'), [], ['control', 'exchange'])
  const reloadAll = () => {
    health.reload()
    state.reload()
    sessions.reload()
  }
  const reset = async () => {
    try {
      await call('POST', '/__sim/reset', { session })
      announce(
        session === null ? 'Back to the seeded world: sessions ended, journal emptied' : `Session ${session} reset`,
      )
      if (session === null) actingSession.set(null)
      reloadAll()
    } catch (error) {
      reportError(error)
    }
  }
  if (health.data === undefined) return <p>Loading…</p>
  return (
    <div class="cards">
      <section class="card" aria-labelledby="health-title">
        <h3 id="health-title">Health</h3>
        <dl>
          <dt>Status</dt>
          <dd class="ok">{health.data.status}</dd>
          <dt>Requests served</dt>
          <dd data-testid="requests-served">{health.data.requests}</dd>
          <dt>Active scenario</dt>
          <dd>{health.data.scenario ?? 'none'}</dd>
          <dt>Sessions</dt>
          <dd>{health.data.sessions}</dd>
          {health.data.proxy !== undefined && (
            <>
              <dt>Proxying to</dt>
              <dd>
                <code>{health.data.proxy}</code>
              </dd>
            </>
          )}
        </dl>
        <button type="button" class="danger" onClick={reset}>
          {session === null ? 'Reset the simulator' : `Reset session ${session}`}
        </button>
      </section>
      <ClockCard health={health.data} reload={reloadAll} />
      <section class="card" aria-labelledby="counts-title">
        <h3 id="counts-title">Records{session === null ? '' : ` in session ${session}`}</h3>
        {state.data === undefined ? (
          <p>Loading…</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Table</th>
                <th scope="col" class="number">
                  Records
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(state.data.counts).map(([table, count]) => (
                <tr key={table}>
                  <th scope="row">{table}</th>
                  <td class="number">{count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {sessions.data !== undefined && <SessionsCard sessions={sessions.data} reload={reloadAll} />}
    </div>
  )
}

/**
 * The browser test's page: starts the simulator behind msw's service worker (the package's
 * browser runtime, unchanged) and exposes `window.simulatorPage` for the test to drive. The seed
 * and the API origin come from the page URL (`?seed=…&api=…`) so the test can give the page and
 * its in-process reference the same options. The page also renders what it did, for a screenshot.
 */
// The package's own build (dist/, built by the global setup), by its name: what an app imports.
import { loadWorldGenerator, setupSimulatorWorker } from 'debt-token-simulator/browser'
import { runRequests, type WireReply, type WireRequest } from './wire.ts'

const query = new URLSearchParams(location.search)
const seed = Number(query.get('seed') ?? '20260301')
const baseUrl = query.get('api') ?? 'https://api.simulator.test'
// The persistence tests turn these on (`&persist`, `&sync`, `&sync=0`); the runtime test leaves them off.
const persist = query.has('persist')
const sync = query.has('sync') ? query.get('sync') !== '0' : undefined

const status = document.getElementById('status')!
const log = document.getElementById('log')!

/** Appends one row per reply to the page's log (cleared by reset). */
function show(replies: readonly WireReply[]): void {
  const first = log.childElementCount + 1
  log.append(
    ...replies.map((reply, i) => {
      const row = document.createElement('tr')
      row.className = reply.status < 400 ? 'ok' : 'error'
      for (const value of [String(first + i), String(reply.status), reply.label, reply.text.slice(0, 90)]) {
        const cell = document.createElement('td')
        cell.textContent = value
        row.append(cell)
      }
      return row
    }),
  )
}

async function start(): Promise<void> {
  const { simulator, worker } = setupSimulatorWorker({ seed, baseUrl, persist, sync })
  // As docs/browser.md starts it: msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest, each
  // ignores the other's key (named apart from the call, the object type-checks under both), and
  // `quiet` keeps msw from logging every request (the runtime test checks the console stays so).
  const startOptions = {
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledFrame: 'bypass',
    onUnhandledRequest: 'bypass',
    quiet: true,
  } as const
  await worker.start(startOptions)

  let sent = 0
  window.simulatorPage = {
    baseUrl,
    seed,
    async run(requests: readonly WireRequest[]) {
      const replies = await runRequests(baseUrl, requests)
      sent += replies.length
      status.textContent = `worker running · ${simulator.handlers.length} handlers · ${baseUrl} · seed ${seed} · ${sent} requests answered`
      show(replies)
      return replies
    },
    // Both apply at once; they resolve once stored, when the other tabs can see them.
    reset() {
      simulator.reset()
      log.replaceChildren()
      return simulator.stored()
    },
    now: () => simulator.clock.now().toISOString(),
    setClock(instant) {
      simulator.clock.set(instant)
      return simulator.stored()
    },
    advanceClock(milliseconds) {
      simulator.clock.advance(milliseconds)
      return simulator.stored()
    },
    get scenario() {
      return simulator.scenarios.active
    },
    // A scenario's own world and the factories draw with the world generator, which a page loads first.
    async useScenario(nameOrScenario) {
      await loadWorldGenerator()
      simulator.scenarios.use(nameOrScenario as Parameters<typeof simulator.scenarios.use>[0])
    },
    async create(table, call) {
      await loadWorldGenerator()
      const made = await simulator.createRecords({ ...call, table } as Parameters<typeof simulator.createRecords>[0])
      return made.records
    },
  }
  status.textContent = `worker running · ${simulator.handlers.length} handlers · ${baseUrl} · seed ${seed}`
  document.body.dataset.ready = 'true'
}

start().catch((error: unknown) => {
  window.simulatorPageError = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  status.textContent = `failed to start: ${window.simulatorPageError}`
})

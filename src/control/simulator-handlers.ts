/** The control handlers that act on the simulator as a whole rather than on one tenant. */
import { controlRoutes } from '../contract/control.ts'
import { MAX_JOURNAL_PAGE, MAX_JOURNAL_PAGE_BODY_CHARS } from '../contract/control-journal-schemas.ts'
import { inCalendar } from '../contract/instants.ts'
import { ApiError } from '../http/api-error.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import type { ControlHandlerTable } from './control-handler.ts'

function clockView(simulator: SimulatorCore) {
  return { now: simulator.clock.now().toISOString(), mode: simulator.clock.mode }
}

export const simulatorHandlers: ControlHandlerTable<
  | 'listControlRoutes'
  | 'getHealth'
  | 'getClock'
  | 'setClock'
  | 'listJournal'
  | 'clearJournal'
  | 'listSessions'
  | 'endSession'
  | 'getOpenApiDocument'
> = {
  listControlRoutes: () => ({ routes: controlRoutes.map(({ method, path, summary }) => ({ method, path, summary })) }),
  getHealth: (_input, { simulator }) => ({
    status: 'ok',
    simulator: 'debt-token-simulator',
    clock: clockView(simulator),
    scenario: simulator.scenarios.active,
    sessions: simulator.sessions.list().length,
    requests: simulator.journal.total,
    ...(simulator.host.forwardsTo !== null && { proxy: simulator.host.forwardsTo }),
  }),
  getClock: (_input, { simulator }) => clockView(simulator),
  setClock: ({ body }, { simulator }) => {
    if (body.now !== undefined) simulator.clock.set(body.now)
    else if (body.advanceMs !== undefined) {
      // Where the clock may go depends on where it is: checked here, not by the body's schema.
      if (!inCalendar(simulator.clock.now().getTime() + body.advanceMs))
        throw ApiError.badRequest(
          `body.advanceMs must keep the clock in the years 0001 to 9999 (it is ${clockView(simulator).now}), got ${body.advanceMs}`,
        )
      simulator.clock.advance(body.advanceMs)
    }
    return clockView(simulator)
  },
  listJournal: ({ query }, { simulator }) => ({
    capacity: simulator.journal.capacity,
    total: simulator.journal.total,
    // Without a limit, the newest page: a journal kept larger is read page by page (before).
    entries: simulator.journal.list({
      ...query,
      limit: query.limit ?? MAX_JOURNAL_PAGE,
      maxBodyChars: MAX_JOURNAL_PAGE_BODY_CHARS,
    }),
  }),
  clearJournal: (_input, { simulator }) => {
    simulator.journal.clear()
    return { cleared: true }
  },
  listSessions: (_input, { simulator }) => ({
    limit: simulator.sessions.limit,
    idleMs: simulator.sessions.idleMs,
    sessions: simulator.sessions.list(),
  }),
  endSession: ({ params }, { simulator }) => {
    if (!simulator.sessions.delete(params.id)) throw ApiError.notFound(`no session ${params.id}`)
    return { deleted: params.id }
  },
  getOpenApiDocument: (_input, { simulator, serverUrl }) => simulator.host.openapi(serverUrl),
}

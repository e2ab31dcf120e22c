/**
 * The control API of the standalone server, under `/__sim`: a small table of routes that act on
 * the simulator itself (health, reset, state, journal, clock, scenario, sessions, OpenAPI,
 * recording) rather than on the simulated service. Routes that act on a tenant honour
 * `X-Sim-Session`. They
 * are never behind the Bearer check, answer JSON, and fail in the documented error shape. To add
 * a route, add an entry to `controlRoutes`; `GET /__sim` lists them all.
 *
 * The handlers take a SimRequest, so the same routes serve the in-process replay too.
 */

import type { HttpMethod } from '../../contract/operation.ts'
import { ApiError, errorResponse } from '../../http/api-error.ts'
import { jsonResponse, type SimRequest, type SimResponse } from '../../http/sim-request.ts'
import type { TableName } from '../../model/records.ts'
import { tableNames } from '../../model/world.ts'
import { allowHeader } from '../../pipeline/router.ts'
import { repeatedQueryMessage } from '../../pipeline/validate-request.ts'
import { sessionOf } from '../../sessions/session-header.ts'
import type { SimulatorCore as Simulator } from '../../simulator-core.ts'
import { clockView, intQuery, putClock, putScenario, scenarioView, tenantOf } from './control-actions.ts'

export const CONTROL_PREFIX = '/__sim'

/** A session being recorded (`--record <file>`): the flush route writes it out. */
export interface SessionRecording {
  /** Writes the scenario file with the steps so far; recording goes on. */
  flush(): Promise<{ file: string; steps: number }>
}

export interface ControlContext {
  readonly simulator: Simulator
  readonly request: SimRequest
  /** Values of `{name}` segments of the route's path. */
  readonly params: Readonly<Record<string, string>>
  /** The server's own URL, for the OpenAPI document's `servers`. */
  readonly serverUrl?: string | undefined
  /** Present while the server records its session. */
  readonly recording?: SessionRecording | undefined
}

interface ControlRoute {
  readonly method: HttpMethod
  /** Full path, e.g. `/__sim/scenario`. */
  readonly path: string
  readonly summary: string
  handle(context: ControlContext): Promise<SimResponse> | SimResponse
}

export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)
}

const controlRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: CONTROL_PREFIX,
    summary: 'List the control routes',
    handle: () =>
      jsonResponse(200, { routes: controlRoutes.map(({ method, path, summary }) => ({ method, path, summary })) }),
  },
  {
    method: 'GET',
    path: `${CONTROL_PREFIX}/health`,
    summary: 'Liveness: status, clock, active scenario, sessions and requests served',
    handle: ({ simulator }) =>
      jsonResponse(200, {
        status: 'ok',
        clock: clockView(simulator),
        scenario: simulator.scenario,
        sessions: simulator.sessions.list().length,
        requests: simulator.journal.total,
      }),
  },
  {
    method: 'POST',
    path: `${CONTROL_PREFIX}/reset`,
    summary:
      'Back to the seeded world and clock, without a scenario; ends sessions and empties the journal (with X-Sim-Session: that session only)',
    handle: (context) => {
      const session = sessionOf(context.request)
      if (session === null) context.simulator.reset()
      else context.simulator.session(session).reset()
      return jsonResponse(200, { reset: true, ...scenarioView(context) })
    },
  },
  {
    method: 'GET',
    path: `${CONTROL_PREFIX}/state`,
    summary:
      "The model's state: counts and stored records (?table=debtTokens&limit=200; X-Sim-Session for a session's)",
    handle: ({ simulator, request }) => {
      const table = request.query.get('table') ?? undefined
      if (table !== undefined && !(tableNames as readonly string[]).includes(table)) {
        throw ApiError.badRequest(`query parameter table must be one of ${tableNames.join(', ')}`)
      }
      return jsonResponse(
        200,
        simulator.state({
          session: sessionOf(request),
          table: table as TableName | undefined,
          limit: intQuery(request, 'limit', 0, 1_000_000),
        }),
      )
    },
  },
  {
    method: 'GET',
    path: `${CONTROL_PREFIX}/journal`,
    summary:
      'Recent requests and replies, oldest first (?operation=createManagerPayment&status=400&session=qa-1&limit=50)',
    handle: ({ simulator, request }) => {
      const entries = simulator.journal.list({
        operation: request.query.get('operation') ?? undefined,
        status: intQuery(request, 'status', 0, 599),
        session: request.query.get('session') ?? undefined,
        limit: intQuery(request, 'limit', 1, simulator.journal.capacity),
      })
      return jsonResponse(200, { capacity: simulator.journal.capacity, total: simulator.journal.total, entries })
    },
  },
  {
    method: 'DELETE',
    path: `${CONTROL_PREFIX}/journal`,
    summary: 'Empty the journal',
    handle: ({ simulator }) => {
      simulator.journal.clear()
      return jsonResponse(200, { cleared: true })
    },
  },
  {
    method: 'GET',
    path: `${CONTROL_PREFIX}/clock`,
    summary: 'The clock: now and mode (fixed or system)',
    handle: ({ simulator }) => jsonResponse(200, clockView(simulator)),
  },
  {
    method: 'PUT',
    path: `${CONTROL_PREFIX}/clock`,
    summary: 'Fix the clock ({"now": "2026-06-01T00:00:00Z"}) or move it ({"advanceMs": 86400000})',
    handle: putClock,
  },
  {
    method: 'GET',
    path: `${CONTROL_PREFIX}/scenario`,
    summary: "The active scenario (with its rule counters) and the available ones (X-Sim-Session for a session's)",
    handle: (context) => jsonResponse(200, scenarioView(context)),
  },
  {
    method: 'PUT',
    path: `${CONTROL_PREFIX}/scenario`,
    summary:
      'Activate a scenario: {"name": "flaky-backend"} or {"scenario": {...}, "name"?: "..."} (X-Sim-Session for a session only)',
    handle: putScenario,
  },
  {
    method: 'DELETE',
    path: `${CONTROL_PREFIX}/scenario`,
    summary: 'Deactivate the scenario (back to normal behaviour; the data is kept)',
    handle: (context) => {
      tenantOf(context).useScenario(null)
      return jsonResponse(200, scenarioView(context))
    },
  },
  {
    method: 'GET',
    path: `${CONTROL_PREFIX}/sessions`,
    summary: 'Live sessions (X-Sim-Session), their limit and idle timeout',
    handle: ({ simulator }) =>
      jsonResponse(200, {
        limit: simulator.sessions.limit,
        idleMs: simulator.sessions.idleMs,
        sessions: simulator.sessions.list(),
      }),
  },
  {
    method: 'DELETE',
    path: `${CONTROL_PREFIX}/sessions/{id}`,
    summary: 'End a session (its writes and scenario are dropped)',
    handle: ({ simulator, params }) => {
      if (!simulator.sessions.delete(params.id!)) throw ApiError.notFound(`no session ${params.id}`)
      return jsonResponse(200, { deleted: params.id })
    },
  },
  {
    method: 'GET',
    path: `${CONTROL_PREFIX}/openapi.json`,
    summary: 'The OpenAPI 3.1 document of the simulated API',
    handle: ({ simulator, serverUrl }) => jsonResponse(200, simulator.openapi(serverUrl)),
  },
  {
    method: 'POST',
    path: `${CONTROL_PREFIX}/record/flush`,
    summary: 'Write the recorded session now (server started with --record <file>)',
    handle: async ({ recording }) => {
      if (recording === undefined) throw new ApiError(409, 'the server is not recording: start it with --record <file>')
      return jsonResponse(200, await recording.flush())
    },
  },
]

/** Matches a control route path with `{name}` segments; the params, or null. */
function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!
    if (part.startsWith('{')) {
      if (got[i] === '') return null
      try {
        params[part.slice(1, -1)] = decodeURIComponent(got[i]!)
      } catch {
        return null
      }
    } else if (part !== got[i]) return null
  }
  return params
}

/** Answers a request under `/__sim` (404 for an unknown route, 405 for another method). */
export async function handleControlRequest(context: Omit<ControlContext, 'params'>): Promise<SimResponse> {
  const { request } = context
  const path = request.path.length > 1 && request.path.endsWith('/') ? request.path.slice(0, -1) : request.path
  const sameResource = controlRoutes.flatMap((route) => {
    const params = matchPath(route.path, path)
    return params === null ? [] : [{ route, params }]
  })
  const found = sameResource.find((candidate) => candidate.route.method === request.method)
  try {
    const repeated = [...request.query.keys()].find((name, i, names) => names.indexOf(name) !== i)
    if (repeated !== undefined) throw ApiError.badRequest(repeatedQueryMessage(repeated))
    if (found !== undefined) return await found.route.handle({ ...context, params: found.params })
    if (sameResource.length > 0) {
      const allowed = allowHeader(sameResource.map((candidate) => candidate.route.method))
      throw new ApiError(405, `${request.method} is not allowed on ${path} (allowed: ${allowed})`, undefined, {
        allow: allowed,
      })
    }
    const known = controlRoutes.map((candidate) => `${candidate.method} ${candidate.path}`).join(', ')
    throw ApiError.notFound(`no control route ${request.method} ${path}; control routes: ${known}`)
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error)
    throw error
  }
}

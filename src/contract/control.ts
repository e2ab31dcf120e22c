/**
 * The control routes: every route under `/__sim`, declared once, like the operations of the
 * simulated API. The router matches them from the same table, the same step validates their
 * input, the OpenAPI document lists them under the `control` tag and `GET /__sim` lists them.
 * Each one's handler (what it does to the simulator) is in src/control/; a route is added with a
 * declaration here and a handler there.
 */
import * as z from 'zod'
import { dashboardRoutes } from './control-dashboard.ts'
import { CONTROL_GROUP, CONTROL_PREFIX, defineControlRoute, wholeNumberQuery } from './control-route.ts'
import {
  ActivateScenarioBody,
  SetClockBody,
  SimClock,
  SimHealth,
  SimJournal,
  SimScenarioView,
  SimSessions,
  SimState,
  SimTableName,
} from './control-schemas.ts'

const group = CONTROL_GROUP

/** The largest `limit` of a journal read: the largest journal the command keeps (`--journal-size`). */
const MAX_JOURNAL_LIMIT = 100_000

export const controlRoutes = [
  defineControlRoute({
    id: 'listControlRoutes',
    group,
    method: 'GET',
    path: CONTROL_PREFIX,
    summary: 'List the control routes',
    response: z.object({
      routes: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string() })),
    }),
    errors: [],
  }),
  defineControlRoute({
    id: 'getHealth',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/health`,
    summary: 'Liveness: status, clock, active scenario, sessions and requests served',
    response: SimHealth,
    errors: [],
  }),
  defineControlRoute({
    id: 'resetSimulator',
    group,
    method: 'POST',
    path: `${CONTROL_PREFIX}/reset`,
    summary:
      'Back to the seeded world and clock, without a scenario; ends sessions and empties the journal (with X-Sim-Session: that session only)',
    session: true,
    response: SimScenarioView.extend({ reset: z.literal(true) }),
    errors: [400, 429],
  }),
  defineControlRoute({
    id: 'getState',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/state`,
    summary:
      "The model's state: counts and stored records (?table=debtTokens&limit=200; X-Sim-Session for a session's)",
    session: true,
    query: z.object({
      table: SimTableName.optional(),
      limit: wholeNumberQuery(0, 1_000_000).optional().meta({ description: 'records per table (default 200)' }),
    }),
    response: SimState,
    errors: [400, 404],
  }),
  defineControlRoute({
    id: 'listJournal',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/journal`,
    summary:
      'Recent requests and replies, oldest first (?operation=createManagerPayment&status=400&session=qa-1&limit=50)',
    query: z.object({
      operation: z.string().optional().meta({ description: 'only the requests of this operation id' }),
      status: wholeNumberQuery(0, 599).optional().meta({ description: 'only the replies with this status' }),
      session: z.string().optional().meta({ description: 'only the requests of this X-Sim-Session' }),
      limit: wholeNumberQuery(1, MAX_JOURNAL_LIMIT).optional().meta({ description: 'the newest this many' }),
    }),
    response: SimJournal,
    errors: [400],
  }),
  defineControlRoute({
    id: 'clearJournal',
    group,
    method: 'DELETE',
    path: `${CONTROL_PREFIX}/journal`,
    summary: 'Empty the journal',
    response: z.object({ cleared: z.literal(true) }),
    errors: [],
  }),
  defineControlRoute({
    id: 'getClock',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/clock`,
    summary: 'The clock: now and mode (fixed or system)',
    response: SimClock,
    errors: [],
  }),
  defineControlRoute({
    id: 'setClock',
    group,
    method: 'PUT',
    path: `${CONTROL_PREFIX}/clock`,
    summary: 'Fix the clock ({"now": "2026-06-01T00:00:00Z"}) or move it ({"advanceMs": 86400000})',
    body: SetClockBody,
    response: SimClock,
    errors: [400],
  }),
  defineControlRoute({
    id: 'getScenario',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/scenario`,
    summary: "The active scenario (with its rule counters) and the available ones (X-Sim-Session for a session's)",
    session: true,
    response: SimScenarioView,
    errors: [400, 429],
  }),
  defineControlRoute({
    id: 'activateScenario',
    group,
    method: 'PUT',
    path: `${CONTROL_PREFIX}/scenario`,
    summary:
      'Activate a scenario: {"name": "flaky-backend"} or {"scenario": {...}, "name"?: "..."} (X-Sim-Session for a session only)',
    session: true,
    body: ActivateScenarioBody,
    response: SimScenarioView,
    errors: [400, 429],
  }),
  defineControlRoute({
    id: 'deactivateScenario',
    group,
    method: 'DELETE',
    path: `${CONTROL_PREFIX}/scenario`,
    summary: 'Deactivate the scenario (back to normal behaviour; the data is kept)',
    session: true,
    response: SimScenarioView,
    errors: [400, 429],
  }),
  defineControlRoute({
    id: 'listSessions',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/sessions`,
    summary: 'Live sessions (X-Sim-Session), their limit and idle timeout',
    response: SimSessions,
    errors: [],
  }),
  defineControlRoute({
    id: 'endSession',
    group,
    method: 'DELETE',
    path: `${CONTROL_PREFIX}/sessions/{id}`,
    summary: 'End a session (its writes and scenario are dropped)',
    params: z.object({ id: z.string() }),
    response: z.object({ deleted: z.string() }),
    errors: [404],
  }),
  defineControlRoute({
    id: 'getOpenApiDocument',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/openapi.json`,
    summary: 'The OpenAPI 3.1 document of the simulated API and of these control routes',
    response: z.record(z.string(), z.unknown()).meta({ description: 'this document' }),
    errors: [],
  }),
  defineControlRoute({
    id: 'flushRecording',
    group,
    method: 'POST',
    path: `${CONTROL_PREFIX}/record/flush`,
    summary: 'Write the recorded session now (server started with --record <file>)',
    response: z.object({ file: z.string(), steps: z.number().int().min(0) }),
    errors: [409],
  }),
  ...dashboardRoutes,
] as const

export type ControlRoute = (typeof controlRoutes)[number]
export type ControlRouteId = ControlRoute['id']
export type ControlRouteById<Id extends ControlRouteId> = Extract<ControlRoute, { id: Id }>

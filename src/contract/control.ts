/**
 * The control routes: every route under `/__sim`, declared once like the simulated API's operations.
 * Each one's handler is in src/control/; a route is added with a declaration here and a handler there.
 */
import * as z from 'zod/mini'
import { authoringRoutes } from './control-authoring.ts'
import { coverageRoutes } from './control-coverage.ts'
import { dashboardRoutes } from './control-dashboard.ts'
import { SimFactoryBody, SimFactoryRecords, SimTableName } from './control-factory-schemas.ts'
import { harRoutes } from './control-har.ts'
import { MAX_JOURNAL_PAGE, SimJournal } from './control-journal-schemas.ts'
import { type ControlRouteId, controlPath } from './control-paths.ts'
import { defineControlRoute, wholeNumberQuery } from './control-route.ts'
import {
  ActivateScenarioBody,
  MAX_STATE_RECORDS,
  MAX_STATE_RECORDS_PER_TABLE,
  SetClockBody,
  SimClock,
  SimHealth,
  SimScenarioView,
  SimSessions,
  SimState,
} from './control-schemas.ts'
import { JournalQuery } from './journal-query.ts'
import { unwrap } from './schema-forms.ts'

/** What a route acting on the session X-Sim-Session names answers when it cannot. */
const SESSION_ERRORS = {
  400: 'X-Sim-Session is not 1-64 characters of A-Z a-z 0-9 . _ ~ -',
  429: 'X-Sim-Session names a new session and the session limit is reached',
}

export const controlRoutes = [
  defineControlRoute({
    ...controlPath('listControlRoutes'),
    summary: 'List the control routes',
    description: 'Answers each control route with its method, path and summary, as this document lists them.',
    response: z.lazy(() =>
      z.object({
        routes: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string() })),
      }),
    ),
    errors: {},
  }),
  defineControlRoute({
    ...controlPath('getHealth'),
    summary: 'Liveness: status, clock, active scenario, sessions and requests served',
    description: 'Answers 200 while the simulator serves; what a readiness probe or a test setup waits for.',
    response: SimHealth,
    errors: {},
  }),
  defineControlRoute({
    ...controlPath('resetSimulator'),
    summary:
      'Back to the seeded world and clock, without a scenario; ends sessions and empties the journal (with X-Sim-Session: that session only)',
    description:
      'Restores the seeded world (what the fixtures or the generated world hold) and the starting clock, and deactivates the scenario. Without X-Sim-Session it also ends every session and empties the journal; with it, only that session is reset.',
    session: true,
    response: z.lazy(() => z.extend(unwrap(SimScenarioView), { reset: z.literal(true) })),
    errors: SESSION_ERRORS,
  }),
  defineControlRoute({
    ...controlPath('getState'),
    summary:
      "The model's state: counts and stored records (?table=debtTokens&limit=200&offset=0; X-Sim-Session for a session's)",
    description: `Answers how many records each table holds and, from position \`offset\` (default 0), \`limit\` records of each table (or of \`table\`), as stored: what the API reads and writes. One answer carries at most ${MAX_STATE_RECORDS} records, as an API list does: \`limit\` is at most ${MAX_STATE_RECORDS} with \`table\`, ${MAX_STATE_RECORDS_PER_TABLE} without it; page a larger table with \`offset\` (\`counts\` says how far). With X-Sim-Session, that session's.`,
    session: true,
    query: z.lazy(() =>
      z.object({
        table: z.optional(SimTableName).clone().register(z.globalRegistry, { description: 'only this table' }),
        limit: z
          .optional(wholeNumberQuery(0, MAX_STATE_RECORDS, 200))
          .clone()
          .register(z.globalRegistry, {
            description: `records per table (default 200): at most ${MAX_STATE_RECORDS} with table, ${MAX_STATE_RECORDS_PER_TABLE} without it (a 400 beyond)`,
          }),
        offset: z
          .optional(wholeNumberQuery(0, Number.MAX_SAFE_INTEGER, 0))
          .clone()
          .register(z.globalRegistry, { description: 'the position of the first record of each table (default 0)' }),
      }),
    ),
    response: SimState,
    errors: {
      ...SESSION_ERRORS,
      400: `limit is more than ${MAX_STATE_RECORDS} records, or more than ${MAX_STATE_RECORDS_PER_TABLE} without table; or ${SESSION_ERRORS[400]}`,
      404: 'X-Sim-Session names no live session',
    },
  }),
  defineControlRoute({
    ...controlPath('createRecords'),
    summary:
      'Create coherent records of a table from the seed: {"overrides"?: {...}, "count"?: n, "state"?: "overdue"} (X-Sim-Session for a session\'s world)',
    description:
      "Builds `count` records of `table` from the seeded random source, the links they need included (a debt token its signature contract, parties and security token), in the requested `state` relative to the clock; the API then answers them. Answers the records and, under `linked`, the records made to link them. With X-Sim-Session, in that session's world.",
    session: true,
    params: z.lazy(() =>
      z.object({
        table: SimTableName.clone().register(z.globalRegistry, {
          description: 'the table to create records in, as /__sim/state names it',
        }),
      }),
    ),
    body: SimFactoryBody,
    bodyOptional: true,
    response: SimFactoryRecords,
    errors: {
      ...SESSION_ERRORS,
      400: 'an override, the count or the state is not valid (the message names the field), a link it names does not exist, or X-Sim-Session is not 1-64 characters of A-Z a-z 0-9 . _ ~ -',
      507: "the records would pass the world's capacity of written records",
    },
  }),
  defineControlRoute({
    ...controlPath('listJournal'),
    summary:
      'Recent requests and replies, oldest first (?operation=createManagerPayment&status=400&session=qa-1&limit=50)',
    query: JournalQuery,
    description: `Answers the journal: the most recent requests (API and unmatched ones) with their replies, oldest first, filtered by the query. One answer carries at most ${MAX_JOURNAL_PAGE} entries (the newest), fewer when the journal keeps bodies longer than the default 4096 characters (--journal-body-limit); a longer journal (--journal-size) is paged back with \`before\`.`,
    response: SimJournal,
    errors: { 400: 'a query parameter is not valid (limit above the page size, a status that is not one)' },
  }),
  defineControlRoute({
    ...controlPath('clearJournal'),
    summary: 'Empty the journal',
    description: 'Drops every journal entry; sequence numbers start again from 1.',
    response: z.lazy(() => z.object({ cleared: z.literal(true) })),
    errors: {},
  }),
  defineControlRoute({
    ...controlPath('getClock'),
    summary: 'The clock: now and mode (fixed or system)',
    description: "Answers the simulator's clock, the one every date the API derives comes from.",
    response: SimClock,
    errors: {},
  }),
  defineControlRoute({
    ...controlPath('setClock'),
    summary: 'Fix the clock ({"now": "2026-06-01T00:00:00Z"}) or move it ({"advanceMs": 86400000})',
    description:
      'Fixes the clock at an instant, or moves it by some milliseconds; statuses that depend on the date (debt tokens, expired security tokens) follow on the next read.',
    body: SetClockBody,
    response: SimClock,
    errors: { 400: 'the clock would leave the years 0001 to 9999' },
  }),
  defineControlRoute({
    ...controlPath('getScenario'),
    summary: "The active scenario (with its rule counters) and the available ones (X-Sim-Session for a session's)",
    description:
      'Answers the active scenario, how often each of its rules applied and fired, and the scenarios that can be activated by name.',
    session: true,
    response: SimScenarioView,
    errors: SESSION_ERRORS,
  }),
  defineControlRoute({
    ...controlPath('activateScenario'),
    summary:
      'Activate a scenario: {"name": "flaky-backend"} or {"scenario": {...}, "name"?: "..."} (X-Sim-Session for a session only)',
    description:
      'Activates a shipped or configured scenario by name, or a scenario object (docs/scenarios.md); its rules apply to the requests that follow (of that session only, with X-Sim-Session).',
    session: true,
    body: ActivateScenarioBody,
    response: SimScenarioView,
    errors: {
      ...SESSION_ERRORS,
      400: `no scenario has this name, or the scenario object is not valid; or ${SESSION_ERRORS[400]}`,
      507: "the scenario's world.create would pass the world's capacity of written records (--max-records); nothing changed",
    },
  }),
  defineControlRoute({
    ...controlPath('deactivateScenario'),
    summary: 'Deactivate the scenario (back to normal behaviour; the data is kept)',
    description: 'Deactivates the scenario; what the requests wrote meanwhile is kept.',
    session: true,
    response: SimScenarioView,
    errors: SESSION_ERRORS,
  }),
  defineControlRoute({
    ...controlPath('listSessions'),
    summary: 'Live sessions (X-Sim-Session), their limit and idle timeout',
    description:
      'Answers the live sessions with when each was created and last used, their limit and their idle timeout.',
    response: SimSessions,
    errors: {},
  }),
  defineControlRoute({
    ...controlPath('endSession'),
    summary: 'End a session (its writes and scenario are dropped)',
    description: 'Ends a session now; a later request naming it starts a new one from the seeded world.',
    params: z.lazy(() =>
      z.object({
        // min(1): a path segment is never empty, and the document says so to generators.
        id: z
          .string()
          .check(z.minLength(1))
          .clone()
          .register(z.globalRegistry, { description: 'the session id, as X-Sim-Session named it', examples: ['qa-1'] }),
      }),
    ),
    response: z.lazy(() => z.object({ deleted: z.string() })),
    errors: { 404: 'no live session has this id' },
  }),
  defineControlRoute({
    ...controlPath('getOpenApiDocument'),
    summary: 'The OpenAPI 3.1 document of the simulated API and of these control routes',
    description: 'Answers this document, its server URL the one the request reached.',
    response: z.lazy(() =>
      z.record(z.string(), z.unknown()).clone().register(z.globalRegistry, { description: 'this document' }),
    ),
    errors: {},
  }),
  defineControlRoute({
    ...controlPath('flushRecording'),
    summary: 'Write the recorded session now (server started with --record <file>)',
    description:
      'Writes what the server recorded so far as a scenario file with replayable steps (docs/scenarios.md) and answers the file and how many steps it holds.',
    response: z.lazy(() => z.object({ file: z.string(), steps: z.number().check(z.int(), z.gte(0)) })),
    errors: {
      409: 'the server is not recording: it was started without --record',
      507: 'the recording could not be written (the message and the server log say why); recording goes on',
    },
  }),
  ...dashboardRoutes,
  ...authoringRoutes,
  ...coverageRoutes,
  ...harRoutes,
] as const

export type ControlRoute = (typeof controlRoutes)[number]
export type { ControlRouteId } from './control-paths.ts'
export type ControlRouteById<Id extends ControlRouteId> = Extract<ControlRoute, { id: Id }>

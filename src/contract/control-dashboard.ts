/**
 * The control routes behind the dashboard (`GET /__sim/ui`): the page and its two assets, the live
 * event stream, the scenario catalog with descriptions, scenario files built from journal entries,
 * in-memory recordings, replays the server runs in a fresh session, and the model's tables page by
 * page. Declared like every control route (control.ts spreads them into its table); any client
 * may use them, the dashboard is one.
 */
import * as z from 'zod'
import {
  BuildScenarioFileBody,
  ReplayBody,
  SimEvent,
  SimRecording,
  SimReplayReport,
  SimScenarioCatalog,
  SimScenarioFile,
  SimTablePage,
  SimTableRecord,
  StartRecordingBody,
} from './control-dashboard-schemas.ts'
import { CONTROL_GROUP, CONTROL_PREFIX, defineControlRoute, wholeNumberQuery } from './control-route.ts'
import { SimTableName } from './control-schemas.ts'

const group = CONTROL_GROUP

/** The most records one page of a table holds. */
const MAX_PAGE_SIZE = 500

const asset = (description: string) => z.string().meta({ description })

export const dashboardRoutes = [
  defineControlRoute({
    id: 'getDashboard',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/ui`,
    summary: 'The dashboard: a page to see and steer the simulator from a browser (it uses the routes below)',
    produces: 'text/html',
    response: asset('the page; its script and styles come from /__sim/ui/dashboard.js and .css'),
    errors: [404],
  }),
  defineControlRoute({
    id: 'getDashboardScript',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/ui/dashboard.js`,
    summary: "The dashboard's script (an ES module)",
    produces: 'text/javascript',
    response: asset('the script'),
    errors: [404],
  }),
  defineControlRoute({
    id: 'getDashboardStyles',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/ui/dashboard.css`,
    summary: "The dashboard's style sheet",
    produces: 'text/css',
    response: asset('the style sheet'),
    errors: [404],
  }),
  defineControlRoute({
    id: 'streamEvents',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/events`,
    summary:
      'Server-sent events: every answered request as it happens (the journal, live), control changes, a heartbeat comment every 15 s. The buffered entries come first; a client that sends Last-Event-ID gets only those it missed',
    produces: 'text/event-stream',
    response: SimEvent,
    errors: [],
  }),
  defineControlRoute({
    id: 'listScenarioCatalog',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/scenarios`,
    summary: 'Every scenario that can be activated by name, with its description, rules and steps',
    response: SimScenarioCatalog,
    errors: [],
  }),
  defineControlRoute({
    id: 'getScenarioFile',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/scenarios/{name}`,
    summary: 'A scenario known by name, as its file holds it',
    params: z.object({ name: z.string() }),
    response: SimScenarioFile,
    errors: [404],
  }),
  defineControlRoute({
    id: 'buildScenarioFile',
    group,
    method: 'POST',
    path: `${CONTROL_PREFIX}/scenario-file`,
    summary:
      'Turn exchanges (journal entries) into a scenario file with a step each, as a recording would write them: tokens masked, generated values captured',
    body: BuildScenarioFileBody,
    response: SimScenarioFile,
    errors: [400],
  }),
  defineControlRoute({
    id: 'getRecording',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/recording`,
    summary: 'The in-memory recording: whether it runs and how many requests it holds',
    response: SimRecording,
    errors: [409],
  }),
  defineControlRoute({
    id: 'startRecording',
    group,
    method: 'PUT',
    path: `${CONTROL_PREFIX}/recording`,
    summary:
      'Start recording the requests the server answers, in memory (a recording already held is dropped); {"description"?: "..."}',
    body: StartRecordingBody,
    bodyOptional: true,
    response: SimRecording,
    errors: [400, 409],
  }),
  defineControlRoute({
    id: 'stopRecording',
    group,
    method: 'DELETE',
    path: `${CONTROL_PREFIX}/recording`,
    summary: 'Stop recording; what was recorded stays available as a scenario file until the next start',
    response: SimRecording,
    errors: [409],
  }),
  defineControlRoute({
    id: 'getRecordedScenario',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/recording/scenario`,
    summary: 'The in-memory recording as a scenario file with steps (what npm run replay runs)',
    response: SimScenarioFile,
    errors: [409],
  }),
  defineControlRoute({
    id: 'replayScenario',
    group,
    method: 'POST',
    path: `${CONTROL_PREFIX}/replay`,
    summary:
      "Replay a scenario's steps on the server, in a fresh session with the scenario active for it; answers each step's result and differences",
    body: ReplayBody,
    response: SimReplayReport,
    errors: [400, 429],
  }),
  defineControlRoute({
    id: 'listTableRecords',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/tables/{table}`,
    summary:
      "A page of a table's records (?offset=0&limit=50&q=0xabc); q matches part of any top-level field, or on tables over 20,000 records a whole key or indexed address; X-Sim-Session for a session's",
    session: true,
    params: z.object({ table: SimTableName }),
    query: z.object({
      offset: wholeNumberQuery(0, 100_000_000).optional().meta({ description: 'records to skip (default 0)' }),
      limit: wholeNumberQuery(1, MAX_PAGE_SIZE).optional().meta({ description: 'records per page (default 50)' }),
      q: z.string().max(200).optional().meta({ description: 'part of a key, address, id or name, any case' }),
    }),
    response: SimTablePage,
    errors: [400, 429],
  }),
  defineControlRoute({
    id: 'getTableRecord',
    group,
    method: 'GET',
    path: `${CONTROL_PREFIX}/tables/{table}/{key}`,
    summary: "One record by its key, with links to the records it refers to; X-Sim-Session for a session's",
    session: true,
    params: z.object({ table: SimTableName, key: z.string() }),
    response: SimTableRecord,
    errors: [400, 404, 429],
  }),
] as const

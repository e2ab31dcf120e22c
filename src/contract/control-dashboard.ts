/** The control routes behind the dashboard (`GET /__sim/ui`); any client may use them, the dashboard is one. */
import * as z from 'zod/mini'
import { SimEvent, SimScenarioCatalog, SimTablePage, SimTableRecord } from './control-dashboard-schemas.ts'
import { SimTableName } from './control-factory-schemas.ts'
import { controlPath } from './control-paths.ts'
import {
  BuildScenarioFileBody,
  ReplayBody,
  SimRecording,
  SimReplayReport,
  SimScenarioFile,
  StartRecordingBody,
} from './control-record-replay-schemas.ts'
import { defineControlRoute, wholeNumberQuery } from './control-route.ts'
import { Har } from './har.ts'

const MAX_PAGE_SIZE = 500

const asset = (description: string) => z.string().clone().register(z.globalRegistry, { description })

export const dashboardRoutes = [
  defineControlRoute({
    ...controlPath('getDashboard'),
    summary: 'The dashboard: a page to see and steer the simulator from a browser (it uses the routes below)',
    description:
      "Serves the dashboard page. Its script and styles are the two routes below; the page talks only to this server's control API, so the control API's origin rules apply to it.",
    produces: 'text/html',
    response: asset('the page; its script and styles come from /__sim/ui/dashboard.js and .css'),
    errors: { 404: "the dashboard's files are missing from the package (dist/dashboard/)" },
  }),
  defineControlRoute({
    ...controlPath('getDashboardScript'),
    summary: "The dashboard's script (an ES module)",
    description: "The dashboard's code, one ES module served with a strict Content-Security-Policy.",
    produces: 'text/javascript',
    response: asset('the script'),
    errors: { 404: "the dashboard's files are missing from the package (dist/dashboard/)" },
  }),
  defineControlRoute({
    ...controlPath('getDashboardStyles'),
    summary: "The dashboard's style sheet",
    description: "The dashboard's styles.",
    produces: 'text/css',
    response: asset('the style sheet'),
    errors: { 404: "the dashboard's files are missing from the package (dist/dashboard/)" },
  }),
  defineControlRoute({
    ...controlPath('streamEvents'),
    summary:
      'Server-sent events: every answered request as it happens (the journal, live), control changes, a heartbeat comment every 15 s. The buffered entries come first; a client that sends Last-Event-ID gets only those it missed',
    description:
      'A text/event-stream: `hello`, then the journal entries this client has not seen, then live `exchange`, `clear`, `gap` and `control` events; event ids are `<epoch>:<seq>`, so a reconnect with Last-Event-ID resumes. At most 200 streams are open at once (the next gets a 429); a client more than 256 KB behind gets no more live events until it has read them, then what it missed from the journal; one behind for a minute, or by over 1 MB, is disconnected (its browser reconnects with Last-Event-ID and catches up).',
    produces: 'text/event-stream',
    response: SimEvent,
    errors: { 429: '200 event streams are already open, the most the simulator serves at once' },
  }),
  defineControlRoute({
    ...controlPath('listScenarioCatalog'),
    summary: 'Every scenario that can be activated by name, with its description, rules and steps',
    description:
      'Answers every scenario the simulator knows (shipped and loaded), each with its description, its rules in words and its number of steps.',
    response: SimScenarioCatalog,
    errors: {},
  }),
  defineControlRoute({
    ...controlPath('getScenarioFile'),
    answersFile: true,
    summary: 'A scenario known by name, as its file holds it',
    description:
      'Answers a scenario as its file holds it, e.g. to download it or replay it elsewhere; indented as `--record` writes a file.',
    params: z.lazy(() =>
      z.object({
        name: z
          .string()
          .check(z.minLength(1))
          .clone()
          .register(z.globalRegistry, {
            description: 'the scenario name, as GET /__sim/scenarios lists it',
            examples: ['flaky-backend'],
          }),
      }),
    ),
    response: SimScenarioFile,
    errors: { 404: 'no scenario has this name' },
  }),
  defineControlRoute({
    ...controlPath('buildScenarioFile'),
    answersFile: true,
    summary:
      'Turn exchanges (journal entries) into a scenario file with a step each, as a recording would write them: tokens masked, generated values captured',
    description:
      "Builds a scenario file with one step per given exchange and its expectation, as a recording writes them (tokens masked, generated values and assigned ids captured, indented as `--record` writes a file), starting with the rules and world of the scenario that answered them (or of `rulesFrom`, or the `rules` given); the steps carry no `X-Sim-Session`, so the file's scenario applies to them wherever it is replayed. Nothing is stored.",
    body: BuildScenarioFileBody,
    response: SimScenarioFile,
    errors: {
      400: 'an exchange is malformed, or its request body was cut by the journal; the rules or world given are not valid',
      404: '`rulesFrom` names no scenario',
    },
  }),
  defineControlRoute({
    ...controlPath('buildScenarioFromHar'),
    answersFile: true,
    summary:
      "Turn a HAR file (a browser's Network panel, Playwright's recordHar, Charles) into a scenario file with a step per request to the API, as `scenarios from-har` does",
    description:
      "Builds a scenario file from a HAR file's entries, as `debt-token-simulator scenarios from-har` writes it (docs/har-import.md): each entry the router takes for an operation of the API, whatever its host, becomes a step as a recording writes it (tokens masked, generated values and assigned ids captured, instants the service stamped on a write expected as strings); the rest (pages, assets, preflights, other paths, the control API) is left out, and the file's `notes` count it by reason. Nothing is stored. The HAR is the body, so it is bounded by the control API's body limit; larger files go through the command.",
    query: z.lazy(() =>
      z.object({
        name: z
          .optional(z.string().check(z.minLength(1), z.maxLength(200)))
          .clone()
          .register(z.globalRegistry, {
            description: "the HAR file's name, for the scenario's description",
            examples: ['checkout.har'],
          }),
      }),
    ),
    body: Har,
    response: SimScenarioFile,
    errors: { 400: 'the body is not a HAR file: the message names the entry and the field' },
  }),
  defineControlRoute({
    ...controlPath('getRecording'),
    summary: 'The in-memory recording: whether it runs and how many requests it holds',
    description: 'Answers whether the in-memory recording runs and how many requests it holds.',
    response: SimRecording,
    errors: { 409: 'recording needs the standalone server (in-process replay has no recording)' },
  }),
  defineControlRoute({
    ...controlPath('startRecording'),
    summary:
      'Start recording the requests the server answers, in memory (a recording already held is dropped); {"description"?: "..."}',
    description:
      'Starts an in-memory recording of the requests the server answers (a recording already held is dropped). It survives POST /__sim/reset.',
    body: StartRecordingBody,
    bodyOptional: true,
    response: SimRecording,
    errors: {
      400: 'the body is not valid',
      409: 'recording needs the standalone server (in-process replay has no recording)',
    },
  }),
  defineControlRoute({
    ...controlPath('stopRecording'),
    summary: 'Stop recording; what was recorded stays available as a scenario file until the next start',
    description: 'Stops the in-memory recording; what it holds stays downloadable until the next start.',
    response: SimRecording,
    errors: { 409: 'recording needs the standalone server (in-process replay has no recording)' },
  }),
  defineControlRoute({
    ...controlPath('getRecordedScenario'),
    answersFile: true,
    summary: 'The in-memory recording as a scenario file with steps (what debt-token-simulator replay runs)',
    description:
      'Answers the in-memory recording as a scenario file with steps, as `debt-token-simulator replay` runs it, indented as `--record` writes a file; what the recording noted (a world changed before its start) is in `notes`.',
    response: SimScenarioFile,
    errors: {
      409: 'nothing has been recorded, or recording needs the standalone server (in-process replay has no recording)',
    },
  }),
  defineControlRoute({
    ...controlPath('replayScenario'),
    summary:
      "Replay a scenario's steps on the server, in a fresh session with the scenario active for it; answers each step's result and differences",
    description:
      "Replays a scenario's steps on this server in a fresh session with the scenario active for it, then ends the session unless `keepSession`; answers each step's result and differences. The clock is shared and not moved.",
    body: ReplayBody,
    response: SimReplayReport,
    errors: {
      400: 'no scenario has this name, or the inline scenario is not valid',
      429: 'the session limit is reached',
    },
  }),
  defineControlRoute({
    ...controlPath('listTableRecords'),
    summary:
      "A page of a table's records (?offset=0&limit=50&q=0xabc); q matches part of any top-level field, or on tables over 20,000 records a whole key or indexed address; X-Sim-Session for a session's",
    description:
      "Answers one page of a table's records as stored, presented as the API reads them (a debt token's status follows the clock); a page builds only its own records. With X-Sim-Session, a session's.",
    session: true,
    params: z.lazy(() =>
      z.object({
        table: SimTableName.clone().register(z.globalRegistry, { description: 'the table, as /__sim/state names it' }),
      }),
    ),
    query: z.lazy(() =>
      z.object({
        offset: z
          .optional(wholeNumberQuery(0, 100_000_000, 0))
          .clone()
          .register(z.globalRegistry, { description: 'records to skip (default 0)' }),
        limit: z
          .optional(wholeNumberQuery(1, MAX_PAGE_SIZE, 50))
          .clone()
          .register(z.globalRegistry, { description: 'records per page (default 50)' }),
        q: z
          .optional(z.string().check(z.maxLength(200)))
          .clone()
          .register(z.globalRegistry, {
            description: 'part of a key, address, id or name, any case',
            examples: ['0x5aae'],
          }),
      }),
    ),
    response: SimTablePage,
    errors: {
      400: 'a query parameter or X-Sim-Session is not valid',
      429: 'X-Sim-Session names a new session and the session limit is reached',
    },
  }),
  defineControlRoute({
    ...controlPath('getTableRecord'),
    summary: "One record by its key, with links to the records it refers to; X-Sim-Session for a session's",
    description:
      "Answers one record by its key with links to the records it refers to (a debt token: its security token, signature contract, parties and the debtor's other tokens). With X-Sim-Session, a session's.",
    session: true,
    params: z.lazy(() =>
      z.object({
        // The examples name a signature contract of the seeded world (fixtures/).
        table: SimTableName.clone().register(z.globalRegistry, {
          description: 'the table, as /__sim/state names it',
          examples: ['signatureContracts'],
        }),
        key: z
          .string()
          .check(z.minLength(1))
          .clone()
          .register(z.globalRegistry, {
            description: "the record's key: an address, a payment id or a user id",
            examples: ['0x166f18ad2c248c177ad57af5faebc1a08f484fd3'],
          }),
      }),
    ),
    response: SimTableRecord,
    errors: {
      400: 'X-Sim-Session is not valid',
      404: 'no record has this key',
      429: 'X-Sim-Session names a new session and the session limit is reached',
    },
  }),
] as const

/** The bodies of the record and replay control routes the dashboard also uses (control-dashboard.ts). */
import * as z from 'zod/mini'
import { EXAMPLE_SCENARIO, eitherForm } from './control-schemas.ts'
import { IsoDateTime } from './formats.ts'
import { ScenarioName } from './scenario-names.ts'

const count = z.number().check(z.int(), z.gte(0))

/** A scenario file's content, as `scenarios/scenario.schema.json` describes it. */
export const SimScenarioFile = z.lazy(() =>
  z.record(z.string(), z.unknown()).register(z.globalRegistry, {
    id: 'SimScenarioFile',
    description: 'a scenario file (scenarios/scenario.schema.json)',
  }),
)

export const StartRecordingBody = z.lazy(() =>
  z
    .object({
      description: z
        .optional(z.string().check(z.minLength(1), z.maxLength(500)))
        .clone()
        .register(z.globalRegistry, {
          description: "the scenario file's description",
          examples: ['QA: a manager pays twice'],
        }),
    })
    .register(z.globalRegistry, {
      id: 'SimStartRecording',
      examples: [{ description: 'QA: a manager pays twice' }, {}],
    }),
)

export const SimRecording = z.lazy(() =>
  z
    .object({
      active: z
        .boolean()
        .clone()
        .register(z.globalRegistry, { description: 'whether requests are being recorded now' }),
      steps: count
        .clone()
        .register(z.globalRegistry, { description: 'requests recorded (kept after a stop, until the next start)' }),
      startedAt: z.nullable(IsoDateTime),
      stoppedAt: z.nullable(IsoDateTime),
    })
    .register(z.globalRegistry, { id: 'SimRecording' }),
)

const keepSession = z
  .optional(z.boolean())
  .clone()
  .register(z.globalRegistry, { description: 'keep the session afterwards (default: it is ended)' })

/** POST /__sim/replay: a scenario known by name, or a scenario object with steps; the forms are exclusive (`oneOf`). */
export const ReplayBody = z.lazy(() =>
  z
    .xor(
      [
        z
          .object({
            name: ScenarioName.clone().register(z.globalRegistry, { description: 'a scenario known by name' }),
            scenario: z.optional(z.never()),
            keepSession,
          })
          .clone()
          .register(z.globalRegistry, { title: 'by name' }),
        z
          .object({
            scenario: z
              .looseObject({})
              .clone()
              .register(z.globalRegistry, { description: 'a scenario object with steps, validated first' }),
            name: z
              .optional(ScenarioName)
              .clone()
              .register(z.globalRegistry, { description: 'its name (default "inline")' }),
            keepSession,
          })
          .clone()
          .register(z.globalRegistry, { title: 'a scenario object' }),
      ],
      { error: eitherForm('name', 'scenario', '{"name": "<scenario>"} or {"scenario": {…}, "name"?: "…"}', false) },
    )
    .register(z.globalRegistry, {
      id: 'SimReplay',
      examples: [
        { name: 'flaky-backend' },
        {
          scenario: {
            ...EXAMPLE_SCENARIO,
            steps: [
              {
                name: 'the security tokens are read',
                request: { method: 'GET', path: '/securityToken' },
                expect: { status: 200 },
              },
            ],
          },
          name: 'payments-down',
          keepSession: true,
        },
      ],
    }),
)

export const SimReplayReport = z.lazy(() =>
  z
    .object({
      scenario: z.string(),
      session: z.string().clone().register(z.globalRegistry, { description: 'the fresh session the steps ran in' }),
      kept: z.boolean().clone().register(z.globalRegistry, { description: 'whether that session still exists' }),
      passed: z.boolean(),
      notes: z
        .array(z.string())
        .clone()
        .register(z.globalRegistry, { description: 'why a step may differ: another seed or clock than the file' }),
      steps: z.array(
        z
          .object({
            index: z.number().check(z.int(), z.gte(1)),
            name: z.string(),
            method: z.string(),
            path: z.string().clone().register(z.globalRegistry, { description: 'as sent, placeholders expanded' }),
            outcome: z.string().clone().register(z.globalRegistry, {
              description: 'the status answered, "network error", "not sent" or "skipped"',
            }),
            passed: z
              .boolean()
              .clone()
              .register(z.globalRegistry, { description: 'true for a skipped step too: it did not fail' }),
            skipped: z.optional(z.string()).clone().register(z.globalRegistry, {
              description:
                "why the step was not sent: its `skip` (a proxied recording's mark on the proxy's own answers)",
            }),
            problems: z
              .array(z.string())
              .clone()
              .register(z.globalRegistry, { description: 'one line per difference: path, expected, got' }),
            durationMs: z.number(),
          })
          .register(z.globalRegistry, { id: 'SimReplayStep' }),
      ),
    })
    .register(z.globalRegistry, { id: 'SimReplayReport' }),
)

/** One exchange to turn into a step: the fields of a journal entry that a step needs. */
const Exchange = z.lazy(() =>
  z.object({
    method: z
      .string()
      .check(z.regex(/^[A-Z]{1,10}$/, { error: 'must be an upper-case HTTP method' }))
      .clone()
      .register(z.globalRegistry, { examples: ['POST'] }),
    // A pattern, not zod's startsWith: that writes `format: "starts_with"`, which no validator knows.
    path: z
      .string()
      .check(z.regex(/^\//, { error: 'must start with /' }))
      .clone()
      .register(z.globalRegistry, { description: 'starts with /', examples: ['/manager'] }),
    query: z
      .string()
      .clone()
      .register(z.globalRegistry, { description: 'without the `?`', examples: [''] }),
    requestHeaders: z
      .record(z.string(), z.string())
      .clone()
      .register(z.globalRegistry, { examples: [{ authorization: 'Bearer ***1', 'content-type': 'application/json' }] }),
    requestBody: z
      .nullable(z.string())
      .clone()
      .register(z.globalRegistry, { examples: ['{"managerAddress":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"}'] }),
    status: z
      .number()
      .check(z.int(), z.gte(0), z.lte(599))
      .clone()
      .register(z.globalRegistry, { description: '0: the request failed at the network level', examples: [200] }),
    responseBody: z
      .nullable(z.string())
      .clone()
      .register(z.globalRegistry, { examples: ['{"status":"success","message":"manager payment 7 stored","id":7}'] }),
    scenario: z
      .optional(z.nullable(z.string()))
      .clone()
      .register(z.globalRegistry, {
        description: 'the scenario it was answered under: whose rules the file starts with',
        examples: ['flaky-backend'],
      }),
    session: z
      .optional(z.nullable(z.string()))
      .clone()
      .register(z.globalRegistry, { description: 'the session it was answered in', examples: ['qa-1'] }),
    caller: z
      .optional(z.nullable(z.string()))
      .clone()
      .register(z.globalRegistry, {
        description: 'the wallet address its Bearer token stood for: becomes {{caller}}',
        examples: ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
      }),
  }),
)

/** What no body of that form may hold: the other form's member (a JSON Schema `not: {}`). */
const otherForm = z.optional(z.never())

/**
 * POST /__sim/scenario-file: the exchanges, and where the file's rules come from: a scenario by
 * name (`rulesFrom`), or rules and a world given as they are; never both (`oneOf`), so a generated
 * client cannot send a body the route refuses.
 */
export const BuildScenarioFileBody = z.lazy(() => {
  const exchanges = z
    .array(Exchange)
    .check(z.minLength(1), z.maxLength(1000))
    .clone()
    .register(z.globalRegistry, { description: 'journal entries, in the order to replay' })
  const description = z
    .optional(z.string().check(z.minLength(1), z.maxLength(500)))
    .clone()
    .register(z.globalRegistry, { description: "the file's description", examples: ['QA: a manager pays'] })
  return z
    .xor(
      [
        z
          .object({
            exchanges,
            description,
            rulesFrom: ScenarioName.clone().register(z.globalRegistry, {
              description:
                "a scenario whose rules and world the file starts with: the one active under this name in an exchange's session, else the one known by name (404 if none)",
            }),
            rules: otherForm,
            world: otherForm,
          })
          .clone()
          .register(z.globalRegistry, { title: 'rules from a scenario' }),
        z
          .object({
            exchanges,
            description,
            rules: z
              .optional(z.array(z.looseObject({})).check(z.maxLength(1000)))
              .clone()
              .register(z.globalRegistry, {
                description:
                  "the rules the file starts with, as a file holds them (the dashboard's rule draft); validated as a file is",
              }),
            world: z.optional(z.looseObject({})).clone().register(z.globalRegistry, {
              description: 'the world the file starts from, with rules; validated as a file is',
            }),
            rulesFrom: otherForm,
          })
          .clone()
          .register(z.globalRegistry, { title: 'rules given, or those the exchanges were answered under' }),
      ],
      { error: eitherForm('rulesFrom', 'rules', 'rulesFrom, or rules (and world)', true) },
    )
    .register(z.globalRegistry, {
      id: 'SimBuildScenarioFile',
      description:
        'Without rulesFrom or rules, the file starts with the rules and world of the scenario the exchanges were answered under (their `scenario`), when they agree on one.',
      examples: [
        {
          exchanges: [
            {
              method: 'GET',
              path: '/securityToken',
              query: 'marketplace=true',
              requestHeaders: { authorization: 'Bearer ***1' },
              requestBody: null,
              status: 200,
              responseBody: '[]',
            },
          ],
          description: 'QA: the marketplace',
          rulesFrom: 'flaky-backend',
        },
      ],
    })
})

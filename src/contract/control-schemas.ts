/** The bodies of the control routes of control.ts; named schemas appear in the OpenAPI document as `Sim…`. */
import * as z from 'zod/mini'
import { SimTableName } from './control-factory-schemas.ts'
import { INSTANT_PATTERN, IsoDateTime } from './formats.ts'
import { CALENDAR_SPAN_MS, parseInstant } from './instants.ts'
import { ScenarioName } from './scenario-names.ts'

const count = z.number().check(z.int(), z.gte(0))

/** An ISO 8601 instant of years 0001-9999, checked and kept as text: `clock.set()` takes it as `--now` gives it. */
const Instant = z
  .string()
  .check((payload) => {
    const instant = parseInstant(payload.value)
    if (!(instant instanceof Date))
      payload.issues.push({ code: 'custom', message: instant.problem, input: payload.value })
  })

  // The pattern says in the document what parseInstant checks, for tools that generate from it.
  .clone()
  .register(z.globalRegistry, {
    description: 'ISO 8601 instant in the years 0001 to 9999',
    pattern: INSTANT_PATTERN,
    examples: ['2026-06-01T00:00:00Z', '2026-06-01T09:30+02:00'],
  })

/** A scenario object as the control bodies' examples give it: one rule that fails a create from the 2nd call. */
export const EXAMPLE_SCENARIO = {
  description: 'Manager payments fail from the 2nd call',
  rules: [{ operation: 'createManagerPayment', fromCall: 2, respond: { status: 503, message: 'the ledger is down' } }],
}

/** A field that belongs to another form of a body: absent here (`"not": {}` in the document). */
const otherForm = z.optional(z.never())

/**
 * What a body of two forms, told apart by `first` and `second`, says when it fits neither: that
 * neither member was given, that both were (when they exclude each other), or just the forms.
 */
export function eitherForm(first: string, second: string, forms: string, exclusive: boolean) {
  return (issue: { input?: unknown }) => {
    const given = issue.input
    const has = (key: string) => typeof given === 'object' && given !== null && key in given
    if (exclusive && has(first) && has(second)) return `must be ${forms}, not both`
    if (!has(first) && !has(second)) return `must be ${forms}: give ${first} or ${second}`
    return `must be ${forms}`
  }
}

/** A move of the clock no clock can make: past the span of the calendar, every clock leaves it. */
const AdvanceMs = z
  .number()
  .check(
    z.gte(-CALENDAR_SPAN_MS, { error: `must move the clock by at most ${CALENDAR_SPAN_MS}, the span of the calendar` }),
    z.lte(CALENDAR_SPAN_MS, { error: `must move the clock by at most ${CALENDAR_SPAN_MS}, the span of the calendar` }),
  )
  .clone()
  .register(z.globalRegistry, {
    description:
      'milliseconds to move the clock by (negative: back); it must stay in the years 0001 to 9999, and where it is now decides how far (else 400)',
    examples: [86_400_000, -3_600_000],
  })

/** PUT /__sim/clock: fix the clock at an instant or move it by milliseconds; `oneOf`, so generated types say so. */
export const SetClockBody = z.lazy(() =>
  z
    .xor(
      [
        z.object({ now: Instant, advanceMs: otherForm }).clone().register(z.globalRegistry, { title: 'fix the clock' }),
        z
          .object({ advanceMs: AdvanceMs, now: otherForm })
          .clone()
          .register(z.globalRegistry, { title: 'move the clock' }),
      ],
      {
        error: eitherForm('now', 'advanceMs', '{"now": "<ISO 8601 instant>"} or {"advanceMs": <milliseconds>}', true),
      },
    )
    .register(z.globalRegistry, {
      id: 'SimSetClock',
      description: 'either `now` or `advanceMs`',
      examples: [{ now: '2026-06-01T00:00:00Z' }, { advanceMs: 86_400_000 }],
    }),
)

/** PUT /__sim/scenario: a scenario by name or a scenario object, told apart by `scenario`, so exclusive (`oneOf`). */
export const ActivateScenarioBody = z.lazy(() =>
  z
    .xor(
      [
        z
          .object({
            name: ScenarioName.clone().register(z.globalRegistry, {
              description: 'the shipped or configured scenario to activate',
            }),
            scenario: otherForm,
          })
          .clone()
          .register(z.globalRegistry, { title: 'by name' }),
        z
          .object({
            scenario: z.looseObject({}).clone().register(z.globalRegistry, {
              description:
                'a scenario object, as a scenario file holds it (docs/scenarios.md; its JSON Schema: GET /__sim/scenario.schema.json); validated when activated',
            }),
            name: z
              .optional(ScenarioName)
              .clone()
              .register(z.globalRegistry, { description: 'the name it is known by (default "inline")' }),
          })
          .clone()
          .register(z.globalRegistry, { title: 'a scenario object' }),
      ],
      { error: eitherForm('name', 'scenario', '{"name": "<scenario>"} or {"scenario": {…}, "name"?: "…"}', false) },
    )
    .register(z.globalRegistry, {
      id: 'SimActivateScenario',
      description: '`name` alone, or `scenario` with an optional `name`',
      examples: [{ name: 'flaky-backend' }, { scenario: EXAMPLE_SCENARIO, name: 'payments-down' }],
    }),
)

export const SimClock = z.lazy(() =>
  z
    .object({
      now: IsoDateTime,
      mode: z
        .enum(['fixed', 'system'])
        .clone()
        .register(z.globalRegistry, { description: 'fixed: moves only when told; system: real time' }),
    })
    .register(z.globalRegistry, { id: 'SimClock' }),
)

const ScenarioStatus = z.lazy(() =>
  z
    .object({
      name: z.string(),
      description: z.string(),
      rules: z.array(
        z.object({
          operation: z.string(),
          calls: count.clone().register(z.globalRegistry, { description: 'requests the rule applied to' }),
          fired: count.clone().register(z.globalRegistry, { description: 'requests it fired on' }),
        }),
      ),
    })
    .register(z.globalRegistry, { id: 'SimScenarioStatus' }),
)

export const SimScenarioView = z.lazy(() =>
  z
    .object({
      session: z
        .nullable(z.string())
        .clone()
        .register(z.globalRegistry, { description: 'the X-Sim-Session it is about, or null' }),
      active: z
        .nullable(z.string())
        .clone()
        .register(z.globalRegistry, { description: "the active scenario's name, or null" }),
      status: z.nullable(ScenarioStatus),
      available: z
        .array(z.string())
        .clone()
        .register(z.globalRegistry, { description: 'the scenarios that can be activated by name' }),
    })
    .register(z.globalRegistry, { id: 'SimScenarioView' }),
)

export const SimHealth = z.lazy(() =>
  z
    .object({
      status: z.literal('ok'),
      simulator: z.literal('debt-token-simulator').clone().register(z.globalRegistry, {
        description: 'which server answers: what tells this simulator from another server on the port',
      }),
      clock: SimClock,
      scenario: z.nullable(z.string()),
      sessions: count,
      requests: count.clone().register(z.globalRegistry, { description: 'API requests answered since the last reset' }),
      proxy: z.optional(z.string()).clone().register(z.globalRegistry, {
        description: "the real service's base URL, when `serve --proxy` forwards the API to it",
      }),
    })
    .register(z.globalRegistry, { id: 'SimHealth' }),
)

/**
 * The most records one `GET /__sim/state` answer carries, below an API list's cap (MAX_LIST_ITEMS)
 * so that building a page does not hold other clients for long. A larger table is paged with `offset`.
 */
export const MAX_STATE_RECORDS = 2000
/** `limit` without `table`: each table gets as many, MAX_STATE_RECORDS in all at most. */
export const MAX_STATE_RECORDS_PER_TABLE = Math.floor(MAX_STATE_RECORDS / SimTableName.options.length)

export const SimState = z.lazy(() =>
  z
    .object({
      session: z.nullable(z.string()),
      clock: SimClock,
      scenario: z.nullable(z.string()),
      counts: z
        .object(
          Object.fromEntries(SimTableName.options.map((name) => [name, count])) as Record<SimTableName, typeof count>,
        )
        .clone()
        .register(z.globalRegistry, { description: 'how many records each table holds' }),
      tables: z.partialRecord(SimTableName, z.array(z.unknown())).clone().register(z.globalRegistry, {
        description: 'the stored records of each table asked for: `limit` of each from position `offset`',
      }),
    })
    .register(z.globalRegistry, { id: 'SimState' }),
)

export const SimSessions = z.lazy(() =>
  z
    .object({
      limit: count,
      idleMs: count,
      sessions: z.array(
        z
          .object({ id: z.string(), createdAt: IsoDateTime, lastUsedAt: IsoDateTime })
          .register(z.globalRegistry, { id: 'SimSession' }),
      ),
    })
    .register(z.globalRegistry, { id: 'SimSessions' }),
)

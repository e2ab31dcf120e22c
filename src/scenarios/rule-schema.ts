/**
 * The rules of a scenario file, as zod schemas: which calls of an operation a rule applies to, and
 * what it does instead of or before the normal answer. Part of `scenario-schema.ts`.
 */
import * as z from 'zod/mini'
import { built } from '../contract/built-schema.ts'
import { type Operation, type OperationId, operationIds, operations } from '../contract/operations.ts'
import { documentNamesOf } from './parameter-names.ts'
import { ResponseHeaders } from './response-headers.ts'
import { WireScalar } from './step-schema.ts'

/** A rule answers an HTTP client or server error, always in the documented `{statusCode, error, message}` shape. */
const ERROR_STATUS_RULE = 'must be an HTTP error status: a whole number from 400 to 599'
/** What editors offer first; any other 4xx or 5xx is accepted too. */
const COMMON_ERROR_STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504]

/** The longest delay a rule may add: long enough for any spinner, short of a hung test. */
const MAX_DELAY_MS = 60_000

/** `*` stands for every operation; counters of a `*` rule count calls of all operations together. */
export const ANY_OPERATION = '*'

const OperationTarget = z.lazy(() =>
  z
    // Typed as the union of operation ids and "*", so a typo in a scenario written in TypeScript fails to compile.
    .enum([ANY_OPERATION, ...operationIds] as [typeof ANY_OPERATION, ...OperationId[]], {
      error: `must be "*" or an operation id: ${operationIds.join(', ')}`,
    })
    .clone()
    .register(z.globalRegistry, { description: 'The operation id the rule applies to, or "*" for every operation.' }),
)

const RuleMatch = z.lazy(() =>
  z
    .strictObject({
      params: z.optional(z.record(z.string(), WireScalar)).clone().register(z.globalRegistry, {
        description: 'Path parameters that must be equal (0x… hex values ignore case).',
      }),
      query: z
        .optional(z.record(z.string(), WireScalar))
        .clone()
        .register(z.globalRegistry, { description: 'Query parameters that must be equal.' }),
      body: z.optional(z.record(z.string(), z.json())).clone().register(z.globalRegistry, {
        description: 'JSON body members that must be equal; nested objects match as subsets.',
      }),
    })
    .clone()
    .register(z.globalRegistry, {
      description: 'The rule applies only to calls whose listed fields are equal to these values.',
    }),
)

const Delay = z.lazy(() =>
  z
    .union(
      [
        z.int().check(z.gte(0), z.lte(MAX_DELAY_MS)),
        z
          .strictObject({
            min: z.int().check(z.gte(0), z.lte(MAX_DELAY_MS)),
            max: z.int().check(z.gte(0), z.lte(MAX_DELAY_MS)),
          })
          .check(
            z.refine((range) => range.min <= range.max, { message: 'must not be greater than max', path: ['min'] }),
          ),
      ],
      { error: `must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}, or {"min": n, "max": n}` },
    )
    .clone()
    .register(z.globalRegistry, {
      description:
        'Milliseconds to wait before the outcome (or before the normal answer): a number, or {min, max} drawn from the seed.',
    }),
)

const Respond = z.lazy(() =>
  z
    .strictObject({
      status: z
        .number()
        .check(
          z.gte(400, { error: ERROR_STATUS_RULE }),
          z.lte(599, { error: ERROR_STATUS_RULE }), // A refinement rather than z.int(), whose wrong-type wording ("must be a whole number") would win over the rule.
          z.refine(Number.isInteger, { error: ERROR_STATUS_RULE }),
        )
        .clone()
        .register(z.globalRegistry, { type: 'integer', examples: COMMON_ERROR_STATUSES })
        .clone()
        .register(z.globalRegistry, { description: 'Any 4xx or 5xx status, e.g. 429 with a Retry-After header.' }),
      message: z.string().check(z.minLength(1, { error: 'must be a non-empty string' })),
      error: z
        .optional(z.string().check(z.minLength(1)))
        .clone()
        .register(z.globalRegistry, {
          description: 'The `error` member; default: the reason phrase of the status ("Too Many Requests" for 429).',
        }),
      headers: z.optional(ResponseHeaders).clone().register(z.globalRegistry, {
        description:
          "Extra response headers, e.g. Retry-After; they replace the answer's own of the same name. Refused: framing headers, Content-* other than a JSON Content-Type, Set-Cookie, Location, Refresh, Link, Access-Control-*, Cross-Origin-*, X-Sim-* and the other browser policy headers docs/scenarios.md lists.",
      }),
    })
    .clone()
    .register(z.globalRegistry, {
      description: 'Answer with this status in the documented error shape {statusCode, error, message}.',
    }),
)

export const ScenarioRule = z.lazy(() =>
  z
    .strictObject({
      operation: OperationTarget,
      description: z.optional(z.string()),
      match: z.optional(RuleMatch),
      fromCall: z
        .optional(z.int().check(z.gte(1)))
        .clone()
        .register(z.globalRegistry, {
          description: 'Fire from the nth matching call on (1-based): 2 = the 2nd and later calls.',
        }),
      every: z
        .optional(z.int().check(z.gte(1)))
        .clone()
        .register(z.globalRegistry, { description: 'Fire on every nth matching call only: 3 = calls 3, 6, 9 …' }),
      times: z
        .optional(z.int().check(z.gte(1)))
        .clone()
        .register(z.globalRegistry, { description: 'Fire at most this many times.' }),
      delayMs: z.optional(Delay),
      respond: z.optional(Respond),
      networkError: z
        .optional(z.literal(true))
        .clone()
        .register(z.globalRegistry, { description: 'Fail at the network level: no HTTP response at all.' }),
    })
    .check(
      z.superRefine((rule, context) => {
        if (rule.delayMs === undefined && rule.respond === undefined && rule.networkError === undefined) {
          context.addIssue({
            code: 'custom',
            path: [],
            message: 'a rule needs at least one of delayMs, respond or networkError',
          })
        }
        if (rule.respond !== undefined && rule.networkError !== undefined) {
          context.addIssue({
            code: 'custom',
            path: ['networkError'],
            message: 'a rule gives either respond or networkError, not both',
          })
        }
        checkMatchedFields(rule, context)
      }),
    ),
)
export type ScenarioRule = z.infer<typeof ScenarioRule>
/** What a rule may hold before validation (what a scenario file or `scenarios.addRule` gives). */
export type ScenarioRuleInput = z.input<typeof ScenarioRule>

/** Path parameter names of an operation, from its `{name}` placeholders. */
function pathParameters(operation: Operation): string[] {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
}

/** Whether a rule may name this path parameter by another name: the OpenAPI document's (`tokenAddressOrId`). */
function isDocumentName(operation: Operation, name: string): boolean {
  return Object.hasOwn(documentNamesOf(operation.id), name)
}

/** Top-level member names of an object schema; undefined when the schema is not a plain object. */
function objectKeys(schema: z.ZodMiniType | undefined): string[] | undefined {
  const shape = (built(schema) as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape !== undefined && typeof shape === 'object' ? Object.keys(shape) : undefined
}

/** A field the operation does not have can never match: a typo would otherwise fail silently. */
function checkMatchedFields(rule: ScenarioRule, context: z.core.$RefinementCtx): void {
  if (rule.match === undefined || rule.operation === ANY_OPERATION) return
  const operation = operations.find((candidate) => candidate.id === rule.operation)
  if (operation === undefined) return
  const known: Record<'params' | 'query' | 'body', string[] | undefined> = {
    params: pathParameters(operation),
    query: 'query' in operation ? objectKeys(operation.query) : [],
    body: 'body' in operation ? objectKeys(operation.body) : [],
  }
  const singular = { params: 'path parameter', query: 'query parameter', body: 'body member' } as const
  const plural = { params: 'path parameters', query: 'query', body: 'body' } as const
  for (const part of ['params', 'query', 'body'] as const) {
    const names = known[part]
    const given = rule.match[part]
    if (given === undefined || names === undefined) continue
    for (const name of Object.keys(given)) {
      if (names.includes(name) || (part === 'params' && isDocumentName(operation, name))) continue
      const documentNames = part === 'params' ? Object.keys(documentNamesOf(operation.id)) : []
      const also = documentNames.length === 0 ? '' : ` (${documentNames.join(', ')} in the OpenAPI document)`
      const has =
        names.length === 0 ? `${operation.id} has no ${plural[part]}` : `${operation.id} has ${names.join(', ')}${also}`
      context.addIssue({ code: 'custom', path: ['match', part, name], message: `unknown ${singular[part]}: ${has}` })
    }
  }
}

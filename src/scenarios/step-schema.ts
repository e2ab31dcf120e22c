/**
 * The QA steps of a scenario file, as zod schemas: the request a step sends, what its answer must
 * be, and the values it captures for later steps. Part of `scenario-schema.ts`.
 */
import * as z from 'zod/mini'
import { bodyExpectationIssues, bodyExpectationJsonSchema } from './body-expectation.ts'

/** A scalar a path parameter or query value is compared with (compared as text). */
export const WireScalar = z.lazy(() => z.union([z.string(), z.number(), z.boolean()]))

const HttpMethodName = z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'])

const StepRequest = z.lazy(() =>
  z
    .strictObject({
      method: HttpMethodName,
      path: z
        .string()
        .check(z.startsWith('/', { error: 'must start with /' }))
        .clone()
        .register(z.globalRegistry, { description: 'The path, may hold {{placeholders}} and a query string.' }),
      query: z
        .optional(z.record(z.string(), WireScalar))
        .clone()
        .register(z.globalRegistry, { description: 'Query parameters appended to the path.' }),
      headers: z
        .optional(z.record(z.string(), z.union([z.string(), z.null()])))
        .clone()
        .register(z.globalRegistry, {
          description:
            'Request headers. Authorization defaults to a Bearer token; "Bearer ***" is replaced by it; null sends none.',
        }),
      body: z.optional(z.json()).clone().register(z.globalRegistry, {
        description: 'A JSON body (sent with Content-Type: application/json); a string is sent as it is.',
      }),
    })
    .check(
      z.refine((request) => request.body === undefined || (request.method !== 'GET' && request.method !== 'HEAD'), {
        message: 'a GET or HEAD request carries no body',
        path: ['body'],
      }),
    ),
)

const BODY_EXPECTATION_ID = 'BodyExpectation'

/** Any JSON value (zod's); its parse is used for its issues only, see `BodyExpectation`. */
const JsonValue = z.json()

/** An expected body: plain JSON, where an object of one `$` member is an operator (body-expectation.ts). */
export const BodyExpectation = z
  // The value as parsed, checked as JSON but not copied: zod's JSON parse copies objects and leaves
  // out an own `__proto__` member (what JSON.parse gives), which is then not compared at replay.
  .custom<z.core.util.JSONType>()
  .check(
    z.superRefine((body, context) => {
      const json = JsonValue.safeParse(body)
      if (!json.success) {
        for (const issue of json.error.issues) context.addIssue({ ...issue })
        return
      }
      for (const issue of bodyExpectationIssues(body))
        context.addIssue({ code: 'custom', ...issue, path: [...issue.path] })
    }),
  )
  .clone()
  .register(z.globalRegistry, { id: BODY_EXPECTATION_ID })

/** The JSON Schema of `BodyExpectation`, referring to itself where the generated scenario schema puts it. */
export function bodyExpectationJsonSchemaNode(): Record<string, unknown> {
  return bodyExpectationJsonSchema(`#/$defs/${BODY_EXPECTATION_ID}`)
}

const StepExpectation = z.lazy(() =>
  z
    .strictObject({
      status: z.optional(z.int().check(z.gte(100), z.lte(599))),
      body: z
        .optional(BodyExpectation)
        .clone()
        .register(z.globalRegistry, {
          description:
            'A subset of the response body: listed members must match, others are ignored. ' +
            'Operators: {"$length": n}, {"$minLength": n}, {"$contains": subset}, {"$type": "string"|"number"|"integer"|"boolean"|"object"|"array"|"null"}, ' +
            '{"$not": expectation} (does not match it), {"$absent": true} (the member is not there).',
        }),
      headers: z
        .optional(z.record(z.string(), z.string()))
        .clone()
        .register(z.globalRegistry, { description: 'Response headers that must be equal (names ignore case).' }),
      networkError: z
        .optional(z.literal(true))
        .clone()
        .register(z.globalRegistry, { description: 'The request must fail at the network level.' }),
      minDurationMs: z
        .optional(z.int().check(z.gte(0)))
        .clone()
        .register(z.globalRegistry, { description: 'The answer must take at least this long (delays).' }),
    })
    .check(
      z.refine((expectation) => (expectation.status !== undefined) !== (expectation.networkError !== undefined), {
        message: 'give exactly one of status or networkError',
      }),
    ),
)

const CaptureName = z.string().check(z.regex(/^[A-Za-z_]\w*$/, { error: 'must be a name of letters, digits and _' }))
const CapturePath = z.string().check(
  z.regex(/^(status|body|headers)(\.[^.[\]]+|\[\d+\])*$/, {
    error: 'must be a path such as body.contractAddress or body[0].id',
  }),
)

export const ScenarioStep = z.lazy(() =>
  z.strictObject({
    name: z.optional(z.string()),
    skip: z
      .optional(z.string().check(z.minLength(1, { error: 'must say why the step is skipped' })))
      .clone()
      .register(z.globalRegistry, {
        description:
          "Why this step is not sent: replay reports it as skipped with this reason. A recording through the proxy marks so the proxy's own 502/504/508, which are not the service's answers.",
      }),
    request: StepRequest,
    expect: StepExpectation,
    capture: z.optional(z.record(CaptureName, CapturePath)).clone().register(z.globalRegistry, {
      description: 'Values of this response later steps reuse as {{name}}: name → path such as body.contractAddress.',
    }),
  }),
)
export type ScenarioStep = z.infer<typeof ScenarioStep>

/**
 * The QA steps of a scenario file, as zod schemas: the request a step sends, what its answer must
 * be (status or network error, a body subset with its operators, `$not` and `$absent` among them,
 * headers, a minimum duration), and the values it captures for later steps. Part of the scenario schema (`scenario-schema.ts`).
 */
import * as z from 'zod'
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
        .startsWith('/', { error: 'must start with /' })
        .describe('The path, may hold {{placeholders}} and a query string.'),
      query: z.record(z.string(), WireScalar).optional().describe('Query parameters appended to the path.'),
      headers: z
        .record(z.string(), z.union([z.string(), z.null()]))
        .optional()
        .describe(
          'Request headers. Authorization defaults to a Bearer token; "Bearer ***" is replaced by it; null sends none.',
        ),
      body: z
        .json()
        .optional()
        .describe('A JSON body (sent with Content-Type: application/json); a string is sent as it is.'),
    })
    .refine((request) => request.body === undefined || (request.method !== 'GET' && request.method !== 'HEAD'), {
      message: 'a GET or HEAD request carries no body',
      path: ['body'],
    }),
)

const BODY_EXPECTATION_ID = 'BodyExpectation'

/**
 * An expected body: plain JSON, where an object of one `$` member is an operator. The JSON Schema
 * editors read is written by hand (`bodyExpectationJsonSchema`), zod's would not know the operators.
 */
export const BodyExpectation = z
  .json()
  .superRefine((body, context) => {
    for (const issue of bodyExpectationIssues(body))
      context.addIssue({ code: 'custom', ...issue, path: [...issue.path] })
  })
  .meta({ id: BODY_EXPECTATION_ID })

/** The JSON Schema of `BodyExpectation`, referring to itself where the generated scenario schema puts it. */
export function bodyExpectationJsonSchemaNode(): Record<string, unknown> {
  return bodyExpectationJsonSchema(`#/$defs/${BODY_EXPECTATION_ID}`)
}

const StepExpectation = z.lazy(() =>
  z
    .strictObject({
      status: z.int().min(100).max(599).optional(),
      body: BodyExpectation.optional().describe(
        'A subset of the response body: listed members must match, others are ignored. ' +
          'Operators: {"$length": n}, {"$minLength": n}, {"$contains": subset}, {"$type": "string"|"number"|"integer"|"boolean"|"object"|"array"|"null"}, ' +
          '{"$not": expectation} (does not match it), {"$absent": true} (the member is not there).',
      ),
      headers: z
        .record(z.string(), z.string())
        .optional()
        .describe('Response headers that must be equal (names ignore case).'),
      networkError: z.literal(true).optional().describe('The request must fail at the network level.'),
      minDurationMs: z.int().min(0).optional().describe('The answer must take at least this long (delays).'),
    })
    .refine((expectation) => (expectation.status !== undefined) !== (expectation.networkError !== undefined), {
      message: 'give exactly one of status or networkError',
    }),
)

const CaptureName = z.string().regex(/^[A-Za-z_]\w*$/, { error: 'must be a name of letters, digits and _' })
const CapturePath = z.string().regex(/^(status|body|headers)(\.[^.[\]]+|\[\d+\])*$/, {
  error: 'must be a path such as body.contractAddress or body[0].id',
})

export const ScenarioStep = z.lazy(() =>
  z.strictObject({
    name: z.string().optional(),
    skip: z
      .string()
      .min(1, { error: 'must say why the step is skipped' })
      .optional()
      .describe(
        "Why this step is not sent: replay reports it as skipped with this reason. A recording through the proxy marks so the proxy's own 502/504/508, which are not the service's answers.",
      ),
    request: StepRequest,
    expect: StepExpectation,
    capture: z
      .record(CaptureName, CapturePath)
      .optional()
      .describe('Values of this response later steps reuse as {{name}}: name → path such as body.contractAddress.'),
  }),
)
export type ScenarioStep = z.infer<typeof ScenarioStep>

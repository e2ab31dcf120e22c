/**
 * The control routes keep the document's word, checked the way Schemathesis checks a served
 * document, over real HTTP to the standalone server. For every control operation: requests
 * generated from the document's own schemas (path, query, the X-Sim-Session header, the body) never
 * get an undeclared status or a 5xx, nor a 400 but for the few rules JSON Schema cannot state
 * (BEYOND_THE_DOCUMENT), and a 200's body validates against the declared answer; and
 * requests that break exactly one declared rule (a body, parameter or header value the schemas
 * refuse) get a declared 4xx in the `{statusCode, error, message}` shape. The event stream is left
 * out: it never ends, and test/dashboard/event-stream.test.ts covers it.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { type JsonSchema, jsonSchemaArbitrary, validatorOf } from '../support/json-schema-arbitrary.ts'
import {
  type DocumentedOperation,
  document,
  documentAjv,
  documentedOperations,
  requestTarget,
} from '../support/openapi-document.ts'
import { propertyRuns } from '../support/property-runs.ts'

const SEED = 20261126
const RUNS = propertyRuns(60)
const ajv = documentAjv()
const components = document.components.schemas

const controlOperations = documentedOperations.filter(
  (operation) =>
    (operation as { tags?: string[] }).tags?.includes('control') && operation.operationId !== 'streamEvents',
)

interface Request {
  values: Record<string, unknown>
  session: string | undefined
  body: unknown
}

type DocumentedParameter = NonNullable<DocumentedOperation['parameters']>[number]

const parametersOf = (operation: DocumentedOperation, where: 'path' | 'query' | 'header') =>
  (operation.parameters ?? []).filter((parameter) => parameter.in === where)

function valueArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  return jsonSchemaArbitrary(schema, components, validatorOf(ajv, schema))
}

/** A request the document calls valid: each parameter and the body from its schema. */
function validRequest(operation: DocumentedOperation): fc.Arbitrary<Request> {
  const parameters = [...parametersOf(operation, 'path'), ...parametersOf(operation, 'query')]
  const values = fc.record(
    Object.fromEntries(parameters.map((parameter) => [parameter.name, valueArbitrary(parameter.schema)])),
    { requiredKeys: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  )
  const header = parametersOf(operation, 'header')[0]
  const session =
    header === undefined
      ? fc.constant(undefined)
      : fc.option(valueArbitrary(header.schema) as fc.Arbitrary<string>, { nil: undefined })
  const requestBody = operation.requestBody
  const schema = requestBody?.content['application/json'].schema
  const value = schema === undefined ? fc.constant(undefined) : valueArbitrary(schema)
  const body = requestBody?.required === false ? fc.option(value, { nil: undefined }) : value
  return fc.record({ values, session, body })
}

/** What a query or path parameter arrives as: a number when the schema says so and the text is one. */
function asSent(schema: JsonSchema, text: string): unknown {
  const numeric = schema.type === 'integer' || schema.type === 'number'
  return numeric && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text
}

const ODD_TEXTS = ['', 'abc', '-1', '1.5', '1e3', '99999999999999999', 'x'.repeat(201), '%', 'users ']

/** Texts the parameter's schema refuses, or undefined when it takes any text. */
function invalidText(parameter: DocumentedParameter): fc.Arbitrary<string> | undefined {
  const schema =
    parameter.schema.$ref === undefined ? parameter.schema : components[parameter.schema.$ref.split('/').pop()]!
  const validate = validatorOf(ajv, schema)
  // A path segment is never empty, `.` or `..`: a URL cannot carry those as a parameter.
  const sendable = (text: string) => parameter.in !== 'path' || !['', '.', '..'].includes(text)
  const refused = (text: string) => sendable(text) && !validate(asSent(schema, text))
  const odd = ODD_TEXTS.filter(refused)
  const outside: fc.Arbitrary<string>[] = []
  if (schema.type === 'integer' && schema.minimum > Number.MIN_SAFE_INTEGER)
    outside.push(fc.integer({ min: -1e6, max: schema.minimum - 1 }).map(String))
  if (schema.type === 'integer' && schema.maximum < 1e15)
    outside.push(fc.integer({ min: schema.maximum + 1, max: schema.maximum + 1e6 }).map(String))
  if (schema.enum !== undefined) outside.push(fc.string({ minLength: 1, maxLength: 12 }).filter(refused))
  if (odd.length === 0 && outside.length === 0) return undefined
  return fc.oneof(...(odd.length > 0 ? [fc.constantFrom(...odd)] : []), ...outside)
}

/** Ways to break one rule of the operation's input, each turning a valid request into an invalid one. */
function breakers(operation: DocumentedOperation): fc.Arbitrary<(request: Request) => Request>[] {
  const found: fc.Arbitrary<(request: Request) => Request>[] = []
  for (const parameter of [...parametersOf(operation, 'path'), ...parametersOf(operation, 'query')]) {
    const text = invalidText(parameter)
    if (text !== undefined)
      found.push(
        text.map((value) => (request) => ({ ...request, values: { ...request.values, [parameter.name]: value } })),
      )
  }
  const header = parametersOf(operation, 'header')[0]
  if (header !== undefined) {
    const pattern = new RegExp(header.schema.pattern)
    // Printable ASCII (what a header carries), the empty header included, that the pattern refuses.
    const session = fc.stringMatching(/^[!-~]{0,70}$/).filter((value) => !pattern.test(value))
    found.push(session.map((value) => (request) => ({ ...request, session: value })))
  }
  const schema = operation.requestBody?.content['application/json'].schema
  if (schema !== undefined) {
    const validate = validatorOf(ajv, schema)
    const body = fc.jsonValue({ maxDepth: 3 }).filter((value) => !validate(value))
    found.push(body.map((value) => (request) => ({ ...request, body: value })))
  }
  return found
}

/**
 * The only 400s a request the document calls valid may get, by operation: rules the document cannot
 * state in JSON Schema, each named in the operation's declared 400. Anything else the document
 * must refuse, so that a tool that generates from it sends only what the simulator takes.
 */
const BEYOND_THE_DOCUMENT: Readonly<Record<string, readonly RegExp[]>> = {
  // A bound across two query parameters: `limit` without `table` is per table.
  getState: [/^query parameter limit must be at most \d+ without table/],
  // The body depends on the path: only debt tokens are created in a state.
  createRecords: [/^body\.state must be left out: only debtTokens/],
  // Where the clock stands decides how far it may move.
  setClock: [/^body\.advanceMs must keep the clock in the years 0001 to 9999/],
  // Scenario names are the server's catalog; a scenario object and a rule are checked by the
  // scenario files' own JSON Schema (GET /__sim/scenario.schema.json), which the document names.
  activateScenario: [/^unknown scenario /, /^scenario "[^"]+": /],
  replayScenario: [/^unknown scenario /, /^scenario "[^"]+": /],
  checkScenario: [/^scenario "[^"]+": /],
  addScenarioRule: [/^scenario "[^"]+": rules\[\d+\]/],
  // Rules and a world given as a file holds them are checked as a file is (the same JSON Schema).
  buildScenarioFile: [/^body: (rules\[\d+\]|world)/],
  // A HAR entry's URL must parse as a URL, which JSON Schema's "format": "uri" only says to validators that check formats.
  buildScenarioFromHar: [/^(body\.log\.entries\[\d+\]\.request\.url: not a URL(; |$))+$/],
}

describe('control routes against their document, Schemathesis-style', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  async function send(operation: DocumentedOperation, request: Request) {
    // Back to the seeded world, no session, no scenario: each request starts from the same place.
    await fetch(`${server.url}/__sim/reset`, { method: 'POST' })
    const path = requestTarget(operation, request.values)
    const reply = await fetch(`${server.url}${path}`, {
      method: operation.method,
      headers: {
        ...(request.session !== undefined && { 'x-sim-session': request.session }),
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
    })
    const text = await reply.text()
    const what = `${operation.method} ${path} session=${JSON.stringify(request.session)} ${JSON.stringify(request.body)?.slice(0, 200)} → ${reply.status} ${text.slice(0, 300)}`
    const json = reply.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined
    return { status: reply.status, json, what }
  }

  function expectErrorShape(status: number, json: unknown, what: string) {
    expect(json, what).toEqual({ statusCode: String(status), error: expect.any(String), message: expect.any(String) })
  }

  it('covers every control operation but the event stream', () => {
    expect(controlOperations.length).toBeGreaterThan(25)
    expect(controlOperations.map((operation) => operation.operationId)).toContain('resetSimulator')
  })

  it.each(controlOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s: generated valid requests get a declared status, never a 5xx, and a 400 only for what the document cannot say',
    async (id, operation) => {
      await fc.assert(
        fc.asyncProperty(validRequest(operation), async (request) => {
          const { status, json, what } = await send(operation, request)
          const declared = operation.responses[String(status)]
          expect(declared, `undeclared status: ${what}`).toBeDefined()
          expect(status, what).toBeLessThan(500)
          if (status >= 400) expectErrorShape(status, json, what)
          if (status === 400) {
            const allowed = BEYOND_THE_DOCUMENT[id] ?? []
            expect(
              allowed.some((pattern) => pattern.test(json.message)),
              `a 400 for a request the document calls valid: ${what}`,
            ).toBe(true)
          }
          const schema = declared!.content?.['application/json']?.schema
          if (status === 200 && schema !== undefined) {
            const validate = validatorOf(ajv, schema)
            expect(validate(json), `${what}: ${ajv.errorsText((validate as any).errors)}`).toBe(true)
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )
    },
  )

  const breakable = controlOperations.filter((operation) => breakers(operation).length > 0)

  it('breaks every control operation that takes input', () => {
    expect(breakable.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(['resetSimulator', 'setClock', 'activateScenario', 'createRecords', 'replayScenario']),
    )
  })

  it.each(breakable.map((operation) => [operation.operationId, operation] as const))(
    '%s: a request that breaks one declared rule gets a declared 4xx in the error shape',
    async (_id, operation) => {
      const invalid = fc
        .tuple(validRequest(operation), fc.oneof(...breakers(operation)))
        .map(([request, breakOne]) => breakOne(request))
      await fc.assert(
        fc.asyncProperty(invalid, async (request) => {
          const { status, json, what } = await send(operation, request)
          expect(operation.responses[String(status)], `undeclared status: ${what}`).toBeDefined()
          expect(status >= 400 && status < 500, what).toBe(true)
          expectErrorShape(status, json, what)
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )
    },
  )
})

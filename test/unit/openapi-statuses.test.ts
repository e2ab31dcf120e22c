/**
 * The statuses the request pipeline answers whatever the operation (src/contract/openapi-statuses.ts)
 * are declared by every operation that can answer them, in the documented shape: each is provoked
 * here through real fetch (a missing token, a malformed or one-too-many session, a body too large,
 * a create past the capacity) and its answer checked against the document. The 422 of a list too
 * long is provoked by test/hostile/capacity.test.ts; here it is checked to be declared by the lists.
 * The limits the document states are the pipeline's own, and an id past its maxLength is a declared 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DOCUMENTED_MAX_BODY_BYTES,
  DOCUMENTED_MAX_LIST_ITEMS,
  DOCUMENTED_MAX_RECORDS,
  DOCUMENTED_SESSION_LIMIT,
} from '../../src/contract/openapi-statuses.ts'
import { operations } from '../../src/contract/operations.ts'
import { DEFAULT_MAX_RECORDS } from '../../src/model/model.ts'
import { MAX_LIST_ITEMS } from '../../src/pipeline/operation-steps.ts'
import { MAX_BODY_BYTES } from '../../src/pipeline/validate-request.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { validatorOf } from '../support/json-schema-arbitrary.ts'
import {
  type DocumentedOperation,
  document,
  documentAjv,
  documented,
  documentedOperations,
  requestTarget,
} from '../support/openapi-document.ts'
import { inProcessTarget, type SimulatorTarget } from '../support/target.ts'

const ajv = documentAjv()
const apiOperations = operations.map((operation) => documented(operation.id))

/** Valid parameters and body for each operation, from the documented examples. */
function validRequest(operation: DocumentedOperation): { path: string; body?: unknown } {
  const values = Object.fromEntries(
    (operation.parameters ?? []).map((parameter) => [parameter.name, parameter.schema.examples?.[0] ?? '1']),
  )
  const schema = operation.requestBody?.content['application/json'].schema
  const body =
    schema === undefined ? undefined : document.components.schemas[String(schema.$ref).split('/').pop()!]?.examples?.[0]
  return { path: requestTarget(operation, values), ...(body !== undefined && { body }) }
}

/** The response the document declares for a status, found as validators find it: the status, else `default`. */
function declaredResponse(operation: DocumentedOperation, status: number) {
  return operation.responses[String(status)] ?? operation.responses.default
}

/** Expects `reply` to be a status `operation` declares, with a body of the declared shape. */
function expectDeclared(operation: DocumentedOperation, reply: { status: number; json: unknown; text: string }) {
  const declared = declaredResponse(operation, reply.status)
  expect(declared, `${operation.operationId} answered ${reply.status}: ${reply.text}`).toBeDefined()
  const validate = validatorOf(ajv, declared!.content!['application/json']!.schema)
  expect(validate(reply.json), ajv.errorsText((validate as any).errors)).toBe(true)
}

it('states the limits the pipeline enforces', () => {
  expect(DOCUMENTED_MAX_BODY_BYTES).toBe(MAX_BODY_BYTES)
  expect(DOCUMENTED_MAX_LIST_ITEMS).toBe(MAX_LIST_ITEMS)
  expect(DOCUMENTED_MAX_RECORDS).toBe(DEFAULT_MAX_RECORDS)
  expect(DOCUMENTED_SESSION_LIMIT).toBe(createSimulatorCore().sessions.limit)
})

it('declares 422 on the lists and only there', () => {
  for (const operation of apiOperations) {
    const list =
      operation.method === 'GET' && operation.responses['200']!.content!['application/json']!.schema.type === 'array'
    expect('422' in operation.responses, operation.operationId).toBe(list)
  }
})

describe.each(apiOperations.map((operation) => [operation.operationId, operation] as const))('%s', (_id, operation) => {
  let target: SimulatorTarget
  beforeAll(async () => {
    target = await inProcessTarget({ sessionLimit: 1, maxRecords: 0 })
  })
  afterAll(() => target.close())

  it('declares its 401, with the challenge header', async () => {
    const { path, body } = validRequest(operation)
    const reply = await target.send(operation.method, path, { auth: false, ...(body !== undefined && { body }) })
    expect(reply.status).toBe(401)
    expectDeclared(operation, reply)
    expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(operation.responses['401']!).toHaveProperty('headers.WWW-Authenticate')
  })

  it('declares the 400 of a malformed session and the 429 of one session too many', async () => {
    const { path, body } = validRequest(operation)
    const send = (session: string) =>
      target.send(operation.method, path, {
        headers: { 'x-sim-session': session },
        ...(body !== undefined && { body }),
      })
    const malformed = await send('not a session id!')
    expect(malformed.status).toBe(400)
    expectDeclared(operation, malformed)
    target.simulator.sessions.delete('first')
    expect((await send('first')).status).not.toBe(429)
    const over = await send('second')
    expect(over.status).toBe(429)
    expectDeclared(operation, over)
  })

  const has404 = '404' in operations.find((candidate) => candidate.id === operation.operationId)!.errors
  if (operation.requestBody !== undefined)
    it('declares the 413 of a body too large', async () => {
      const { path } = validRequest(operation)
      const reply = await target.send(operation.method, path, {
        body: JSON.stringify({ padding: 'x'.repeat(DOCUMENTED_MAX_BODY_BYTES) }),
      })
      expect(reply.status).toBe(413)
      expectDeclared(operation, reply)
    })

  if (operation.method === 'POST')
    it('declares the 507 of a create past the capacity', async () => {
      const { path, body } = validRequest(operation)
      const reply = await target.send(operation.method, path, { body })
      expect(reply.status).toBe(507)
      expectDeclared(operation, reply)
    })

  if (has404)
    it('declares the 404 of what does not exist', async () => {
      const { path, body } = validRequest(operation)
      // The documented examples name records of the seeded world or none; an id past the seeded ones names none.
      const missing = path.replace(/\/\d+$/, '/999999').replace(/0x[0-9a-fA-F]{40}/g, `0x${'9'.repeat(40)}`)
      const reply = await target.send(operation.method, missing.replace(/\/users\/[^/?]+/, '/users/nobody'), {
        ...(body !== undefined && { body }),
      })
      expect(reply.status).toBe(404)
      expectDeclared(operation, reply)
    })
})

describe("the statuses a scenario's rule answers", () => {
  let target: SimulatorTarget
  beforeAll(async () => {
    target = await inProcessTarget()
  })
  afterAll(() => target.close())

  // A scenario may answer any 4xx or 5xx: those no operation lists reach its `default`.
  it.each([418, 500, 502, 503, 504, 599])(
    'declares %i on every operation, in the error shape, listed or under default',
    async (status) => {
      target.simulator.scenarios.use({
        description: `every operation answers ${status}`,
        rules: [{ operation: '*', respond: { status, message: 'the backend is down' } }],
      })
      try {
        for (const operation of apiOperations) {
          const { path, body } = validRequest(operation)
          const reply = await target.send(operation.method, path, { ...(body !== undefined && { body }) })
          expect(reply.status, operation.operationId).toBe(status)
          expectDeclared(operation, reply)
        }
      } finally {
        target.simulator.scenarios.use(null)
      }
    },
  )

  it('declares `default` on every operation and control route, in the error shape', () => {
    for (const operation of documentedOperations) {
      expect(operation.responses.default?.content?.['application/json']?.schema, operation.operationId).toEqual({
        $ref: '#/components/schemas/Error',
      })
    }
  })
})

describe.each([
  ['getUser', 'id'],
  ['getSignatureContract', 'address'],
])('%s, an id longer than the document allows', (id, parameter) => {
  let target: SimulatorTarget
  beforeAll(async () => {
    target = await inProcessTarget()
  })
  afterAll(() => target.close())

  it('declares the 400 of 201 characters, and looks up 200', async () => {
    const operation = documented(id)
    const schema = operation.parameters!.find((candidate) => candidate.name === parameter)!.schema
    expect(schema.maxLength).toBe(200)
    expect('400' in operation.responses).toBe(true)
    const tooLong = await target.send('GET', requestTarget(operation, { [parameter]: 'a'.repeat(201) }))
    expect(tooLong.status).toBe(400)
    expectDeclared(operation, tooLong)
    expect(tooLong.json.message).toMatch(new RegExp(`^path parameter ${parameter} must be at most 200 characters`))
    const longest = await target.send('GET', requestTarget(operation, { [parameter]: 'a'.repeat(200) }))
    expect(longest.status).toBe(404)
    expectDeclared(operation, longest)
  })
})

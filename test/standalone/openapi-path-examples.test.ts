/**
 * Every path example in the OpenAPI document names something the default world has: a request
 * built from the documented examples alone (its path parameters', its required query parameters'
 * and, when it needs one, its body's) answers 2xx on a simulator started with no options. Tools
 * that send these (a generated client's docs, Schemathesis' explicit examples, a mock server)
 * otherwise show requests that only ever answer 404, as the payment PUT examples did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import type { JsonSchema } from '../support/json-schema-arbitrary.ts'
import { type DocumentedOperation, document, documentedOperations, requestTarget } from '../support/openapi-document.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())

function resolved(schema: JsonSchema): JsonSchema {
  return schema.$ref === undefined ? schema : document.components.schemas[String(schema.$ref).split('/').pop()!]!
}

/** A parameter's documented value: its example, or an enumeration's first value. */
function exampleOf(schema: JsonSchema): unknown {
  return schema.examples?.[0] ?? resolved(schema).examples?.[0] ?? resolved(schema).enum?.[0]
}

const withPathParameters = documentedOperations.filter((operation) =>
  (operation.parameters ?? []).some((parameter) => parameter.in === 'path'),
)

/** The documented request of an operation: its examples' path, required query and body. */
function documentedRequest(operation: DocumentedOperation) {
  const values: Record<string, unknown> = {}
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path' || (parameter.in === 'query' && parameter.required))
      values[parameter.name] = exampleOf(parameter.schema)
  }
  const bodySchema = operation.requestBody?.required
    ? operation.requestBody.content['application/json'].schema
    : undefined
  return { values, body: bodySchema === undefined ? undefined : exampleOf(bodySchema) }
}

describe('path examples of the OpenAPI document', () => {
  it('exist: every path parameter has an example or an enumeration', () => {
    const bare = withPathParameters.flatMap((operation) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' && exampleOf(parameter.schema) === undefined)
        .map((parameter) => `${operation.operationId} ${parameter.name}`),
    )
    expect(bare).toEqual([])
    expect(withPathParameters.length).toBeGreaterThan(15)
  })

  it.each(withPathParameters.map((operation) => [operation.operationId, operation] as const))(
    '%s: the documented request answers 2xx on a default simulator',
    async (id, operation) => {
      await fetch(`${server.url}/__sim/reset`, { method: 'POST' })
      const { values, body } = documentedRequest(operation)
      // A session exists once a request names it: endSession's example names one, made here first.
      if (id === 'endSession')
        await fetch(`${server.url}/__sim/reset`, { method: 'POST', headers: { 'x-sim-session': String(values.id) } })
      expect(values).not.toContain(undefined)
      const path = requestTarget(operation, values)
      const reply = await fetch(`${server.url}${path}`, {
        method: operation.method,
        headers: {
          authorization: 'Bearer docs',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      const text = await reply.text()
      expect(reply.status, `${operation.method} ${path} ${JSON.stringify(body)} → ${text.slice(0, 300)}`).toBeLessThan(
        300,
      )
      expect(reply.status).toBeGreaterThanOrEqual(200)
      // A list read reaches records, not an empty answer to an address nobody has.
      if (operation.method === 'GET' && text.startsWith('[')) expect(JSON.parse(text).length, path).toBeGreaterThan(0)
    },
  )
})

/**
 * The document's links join each create to the operations that read or change what it wrote, so a
 * stateful tester (Schemathesis) or a reader need not guess: every link names an operation and
 * parameters that exist and takes its values from fields the create's request or answer always has; a
 * create sent with its documented example, followed link by link, finds what it wrote; and creates
 * with generated bodies lead, through every link whose values they carry, to what they wrote.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonSchemaArbitrary, validatorOf } from '../support/json-schema-arbitrary.ts'
import {
  type DocumentedOperation,
  document,
  documentAjv,
  documented,
  documentedOperations,
  requestTarget,
} from '../support/openapi-document.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { inProcessTarget, type SimulatorTarget } from '../support/target.ts'

const ajv = documentAjv()
const components = document.components.schemas
const creates = documentedOperations.filter(
  (operation) => operation.method === 'POST' && !operation.path.startsWith('/__sim'),
)

/** The JSON a `#/a/b` pointer names in `value`, or undefined. */
function pointer(value: unknown, path: string): unknown {
  let node = value
  for (const part of path.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')]
  }
  return node
}

/** The value of a link's runtime expression after `request` was answered with `response`. */
function evaluate(expression: string, request: unknown, response: unknown): unknown {
  const match = /^\$(request|response)\.body#(\/.*)$/.exec(expression)
  if (match === null) throw new Error(`unsupported runtime expression ${expression}`)
  return pointer(match[1] === 'request' ? request : response, match[2]!)
}

function linksOf(operation: DocumentedOperation) {
  return Object.entries(operation.responses['200']?.links ?? {})
}

/** The documented example of a schema (a `$ref` followed). */
function exampleOf(schema: Record<string, any>): unknown {
  const target =
    schema.$ref === undefined ? schema : components[String(schema.$ref).replace('#/components/schemas/', '')]!
  return target.examples?.[0]
}

/** Follows a link: the target operation with the link's values (and its documented body, if it takes one). */
async function follow(target: SimulatorTarget, operationId: string, values: Record<string, unknown>) {
  const next = documented(operationId)
  const body =
    next.requestBody === undefined ? undefined : exampleOf(next.requestBody.content['application/json'].schema)
  const reply = await target.send(next.method, requestTarget(next, values), body === undefined ? {} : { body })
  return { next, reply }
}

describe('OpenAPI links', () => {
  let target: SimulatorTarget
  beforeAll(async () => {
    target = await inProcessTarget()
  })
  afterAll(() => target.close())

  it('join every create of the API to the operations that read what it wrote, from fields it always has', () => {
    expect(creates.map((operation) => operation.operationId).sort()).toEqual(
      ['createInvestorPayment', 'createManagerPayment', 'createSecurityToken', 'createSignatureContract'].sort(),
    )
    for (const create of creates) {
      const links = linksOf(create)
      expect(links.length, create.operationId).toBeGreaterThan(0)
      expect(
        links.some(([, link]) => documented(link.operationId).method === 'GET'),
        create.operationId,
      ).toBe(true)
      const requestSchema = create.requestBody!.content['application/json'].schema
      const responseSchema = create.responses['200']!.content!['application/json']!.schema
      for (const [name, link] of links) {
        const next = documented(link.operationId)
        const names = (next.parameters ?? []).map((parameter) => parameter.name)
        const required = (next.parameters ?? []).filter((p) => p.required && p.in !== 'header').map((p) => p.name)
        expect(Object.keys(link.parameters).sort(), `${create.operationId} → ${name}`).toEqual(
          expect.arrayContaining(required),
        )
        for (const [parameter, expression] of Object.entries(link.parameters)) {
          expect(names, `${create.operationId} → ${name}`).toContain(parameter)
          const [, where, field] = /^\$(request|response)\.body#\/(\w+)$/.exec(expression) ?? []
          const schema = exampleSchema(where === 'request' ? requestSchema : responseSchema)
          // Required, not only declared: a link from an optional field hands a client nothing to follow.
          expect(schema.required ?? [], `${create.operationId}: ${expression}`).toContain(field)
        }
      }
    }
  })

  it.each(creates.map((create) => [create.operationId, create] as const))(
    '%s with its documented example: every link finds what it wrote',
    async (_id, create) => {
      target.reset()
      const body = exampleOf(create.requestBody!.content['application/json'].schema)
      expect(body, 'a documented example body').toBeDefined()
      const created = await target.send('POST', create.path, { body })
      expect(created.status, created.text).toBe(200)
      for (const [name, link] of linksOf(create)) {
        const values = Object.fromEntries(
          Object.entries(link.parameters).map(([parameter, expression]) => [
            parameter,
            evaluate(expression, body, created.json),
          ]),
        )
        const { next, reply } = await follow(target, link.operationId, values)
        expect(reply.status, `${name}: ${reply.text}`).toBe(200)
        const validate = validatorOf(ajv, next.responses['200']!.content!['application/json']!.schema)
        expect(validate(reply.json), `${name}: ${ajv.errorsText((validate as any).errors)}`).toBe(true)
        if (next.method === 'GET' && Array.isArray(reply.json)) expect(reply.json.length, name).toBeGreaterThan(0)
      }
    },
  )

  it.each(creates.map((create) => [create.operationId, create] as const))(
    '%s with generated bodies: every link it can follow finds what it wrote',
    async (_id, create) => {
      const schema = create.requestBody!.content['application/json'].schema
      const bodies = jsonSchemaArbitrary(schema, components, validatorOf(ajv, schema))
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          target.reset()
          const created = await target.send('POST', create.path, { body })
          if (created.status !== 200) return // a documented domain refusal: nothing to follow
          for (const [name, link] of linksOf(create)) {
            const values = Object.fromEntries(
              Object.entries(link.parameters).map(([parameter, expression]) => [
                parameter,
                evaluate(expression, body, created.json),
              ]),
            )
            if (Object.values(values).some((value) => value === undefined)) continue // the body did not carry it
            const { reply } = await follow(target, link.operationId, values)
            // The link found what was written; a final status (PAID, CANCELED) may still refuse the update's body.
            const refusedChange = reply.status === 400 && /^cannot change a payment's status/.test(reply.json.message)
            expect(
              refusedChange ? 200 : reply.status,
              `${name} after ${JSON.stringify(body).slice(0, 300)}: ${reply.text}`,
            ).toBe(200)
          }
        }),
        { seed: 20260302, numRuns: propertyRuns(30) },
      )
    },
  )
})

/** The object schema a request or response schema stands for (a `$ref` followed). */
function exampleSchema(schema: Record<string, any>): Record<string, any> {
  return schema.$ref === undefined ? schema : components[String(schema.$ref).replace('#/components/schemas/', '')]!
}

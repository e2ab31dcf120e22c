/**
 * Every example in the OpenAPI document is valid by its own schema: the `examples` of each schema
 * (components, parameters, bodies, answers, at any depth) and the `examples` of each response. A
 * mock server serves these, and a generated client's docs show them, so a wrong one misleads. The
 * document uses OpenAPI 3.1's `examples` only: `example`, deprecated in schemas, appears nowhere.
 */
import { describe, expect, it } from 'vitest'
import { type JsonSchema, validatorOf } from '../support/json-schema-arbitrary.ts'
import { document, documentAjv, documentedOperations } from '../support/openapi-document.ts'

const ajv = documentAjv()

/** The keywords that make an object a schema (rather than, say, an example's own value). */
const SCHEMA_KEYWORDS = ['type', '$ref', 'anyOf', 'oneOf', 'enum', 'const', 'pattern', 'properties', 'items']

interface Example {
  where: string
  schema: JsonSchema
  value: unknown
}

/** The examples of `schema` and of every schema inside it, each with the schema it illustrates. */
function schemaExamples(schema: JsonSchema, where: string): Example[] {
  const found: Example[] = []
  const walk = (node: unknown, at: string) => {
    if (node === null || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${at}[${i}]`)
      return
    }
    const object = node as JsonSchema
    const isSchema = SCHEMA_KEYWORDS.some((keyword) => keyword in object)
    for (const [key, value] of Object.entries(object)) {
      if (key === 'examples' && isSchema && Array.isArray(value)) {
        for (const [i, example] of value.entries())
          found.push({ where: `${at}.examples[${i}]`, schema: object, value: example })
      } else if (key !== 'examples' && key !== 'example' && key !== 'const' && key !== 'enum') {
        walk(value, `${at}.${key}`)
      }
    }
  }
  walk(schema, where)
  return found
}

function allExamples(): Example[] {
  const examples: Example[] = []
  for (const [name, schema] of Object.entries(document.components.schemas))
    examples.push(...schemaExamples(schema, `components.schemas.${name}`))
  for (const operation of documentedOperations) {
    const at = operation.operationId
    for (const parameter of operation.parameters ?? [])
      examples.push(...schemaExamples(parameter.schema, `${at} parameter ${parameter.name}`))
    const body = operation.requestBody?.content['application/json']
    if (body !== undefined) examples.push(...schemaExamples(body.schema, `${at} request body`))
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const [media, content] of Object.entries(response.content ?? {})) {
        examples.push(...schemaExamples(content.schema, `${at} ${status} ${media}`))
        for (const [name, example] of Object.entries(content.examples ?? {}))
          examples.push({
            where: `${at} ${status} ${media} examples.${name}`,
            schema: content.schema,
            value: example.value,
          })
      }
    }
  }
  return examples
}

describe('examples in the OpenAPI document', () => {
  const examples = allExamples()

  it('are many: every format, body and error answer carries some', () => {
    expect(examples.length).toBeGreaterThan(300)
    for (const name of ['SignatureContractInput', 'ManagerPaymentInput', 'InvestorPaymentInput', 'SecurityTokenInput'])
      expect(
        examples.some((example) => example.where === `components.schemas.${name}.examples[0]`),
        name,
      ).toBe(true)
  })

  it('each validate against their own schema', () => {
    const invalid = examples.flatMap(({ where, schema, value }) => {
      const validate = validatorOf(ajv, schema)
      return validate(value) ? [] : [`${where}: ${JSON.stringify(value)}: ${ajv.errorsText((validate as any).errors)}`]
    })
    expect(invalid).toEqual([])
  })

  it('illustrate every parameter of every operation and control route, and every field of their request bodies', () => {
    const api = documentedOperations
    const bare: string[] = []
    const resolved = (schema: JsonSchema): JsonSchema =>
      schema.$ref === undefined ? schema : document.components.schemas[String(schema.$ref).split('/').pop()!]!
    const exemplified = (schema: JsonSchema) =>
      resolved(schema).enum !== undefined ||
      schema.examples !== undefined ||
      schema.enum !== undefined ||
      schema.anyOf !== undefined ||
      schema.type === 'boolean'
    const walk = (schema: JsonSchema, at: string) => {
      if (schema.$ref !== undefined) return
      if (schema.properties !== undefined) {
        for (const [name, property] of Object.entries(schema.properties)) walk(property as JsonSchema, `${at}.${name}`)
      } else if (schema.type === 'array') walk(schema.items, `${at}[]`)
      else if (!exemplified(schema)) bare.push(at)
    }
    for (const operation of api) {
      for (const parameter of operation.parameters ?? [])
        if (!exemplified(parameter.schema)) bare.push(`${operation.operationId} parameter ${parameter.name}`)
      const body = operation.requestBody?.content['application/json'].schema
      if (body?.$ref !== undefined) {
        const name = String(body.$ref).split('/').pop()!
        walk(document.components.schemas[name]!, name)
      }
    }
    expect(bare).toEqual([])
  })

  it('use `examples`, never the deprecated `example`', () => {
    const found: string[] = []
    const walk = (node: unknown, at: string) => {
      if (node === null || typeof node !== 'object') return
      for (const [key, value] of Object.entries(node)) {
        if (key === 'example') found.push(at)
        walk(value, `${at}.${key}`)
      }
    }
    walk(document, '')
    expect(found).toEqual([])
  })

  it('are caught when wrong', () => {
    const address = document.components.schemas.SignatureContractCreated!.properties.signatureContractAddress
    expect(validatorOf(ajv, address)('0x123')).toBe(false)
  })
})

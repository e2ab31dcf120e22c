/**
 * fast-check arbitraries of the values a JSON Schema of the OpenAPI document allows: what a tool
 * that trusts the document (Schemathesis, a mock server, a generated client) would send. Strings
 * come from their `pattern` (fast-check's stringMatching), else their `enum`, `format` or length;
 * numbers from their bounds; objects with their required fields and any of their optional ones.
 * Keywords it does not generate from (if/then) are enforced by filtering with the schema's own
 * validator, so every value is one the document calls valid. Only what the document uses is read.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'

export type JsonSchema = Record<string, any>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const ref = schema.$ref as string | undefined
  if (ref === undefined) return schema
  const name = ref.replace('#/components/schemas/', '')
  const target = components[name]
  if (target === undefined) throw new Error(`unknown schema ${ref}`)
  return target
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = schema.maxLength ?? 40
  // The pattern decides the length; the validator's filter keeps any declared bound.
  if (schema.pattern !== undefined) return fc.stringMatching(new RegExp(schema.pattern))
  if (schema.format === 'uuid') return fc.stringMatching(UUID)
  if (schema.format === 'email') return fc.emailAddress()
  // Any text, non-ASCII included: ids and names may hold anything.
  return fc.string({ unit: 'grapheme', minLength, maxLength })
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1e12 : schema.exclusiveMinimum)
  const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1e12 : schema.exclusiveMaximum)
  const number = integer
    ? fc.integer({
        min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)),
        max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
      })
    : fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      )
  return number.filter(
    (value) =>
      (schema.exclusiveMinimum === undefined || value > schema.exclusiveMinimum) &&
      (schema.exclusiveMaximum === undefined || value < schema.exclusiveMaximum),
  )
}

/** Whether a schema allows nothing at all: `false` or `not: {}` (zod's `never`). */
function neverPresent(schema: JsonSchema | boolean): boolean {
  if (typeof schema === 'boolean') return !schema
  const not = schema.not as JsonSchema | undefined
  return not !== undefined && typeof not === 'object' && Object.keys(not).length === 0
}

/** An arbitrary of the values `schema` allows, before the validator's filter. */
function rawArbitrary(schema: JsonSchema, components: Record<string, JsonSchema>): fc.Arbitrary<unknown> {
  const node = resolve(schema, components)
  if (node.const !== undefined) return fc.constant(node.const)
  if (node.enum !== undefined) return fc.constantFrom(...(node.enum as unknown[]))
  const alternatives = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined
  if (alternatives !== undefined)
    return fc.oneof(...alternatives.map((alternative) => rawArbitrary(alternative, components)))
  // A type list (`["string", "null"]`, a nullable field): any of them.
  if (Array.isArray(node.type))
    return fc.oneof(...(node.type as string[]).map((type) => rawArbitrary({ ...node, type }, components)))
  switch (node.type) {
    case 'string':
      return stringArbitrary(node)
    case 'integer':
      return numberArbitrary(node, true)
    case 'number':
      return numberArbitrary(node, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(rawArbitrary(node.items ?? {}, components), {
        minLength: node.minItems ?? 0,
        maxLength: Math.min(node.maxItems ?? 3, 3),
      })
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, JsonSchema>
      const required = (node.required ?? []) as string[]
      // A property whose schema is `not: {}` may never be present (the other form of a `oneOf`):
      // generating one would only feed the filter values it refuses.
      const model = Object.fromEntries(
        Object.entries(properties)
          .filter(
            ([, property]) => !neverPresent(typeof property === 'boolean' ? property : resolve(property, components)),
          )
          .map(([name, property]) => [name, rawArbitrary(property, components)]),
      )
      return fc.record(model, { requiredKeys: required })
    }
    default:
      return fc.anything()
  }
}

/**
 * An arbitrary of the values `schema` allows. `validate` is the document's validator for the
 * schema: generated values it refuses (a rule the generator does not read) are dropped.
 */
export function jsonSchemaArbitrary(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  validate: (value: unknown) => boolean,
): fc.Arbitrary<unknown> {
  return rawArbitrary(schema, components).filter(validate)
}

/** A validator of `schema`, references resolved against the document's components. */
export function validatorOf(ajv: Ajv2020, schema: JsonSchema): (value: unknown) => boolean {
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'))
  return ajv.compile(rewritten) as (value: unknown) => boolean
}

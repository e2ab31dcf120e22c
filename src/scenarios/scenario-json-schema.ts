/**
 * The JSON Schema of scenario files, generated from the zod schema so editors complete and check
 * `scenarios/*.json`. The committed file is this function's output; a test keeps the two equal.
 */
import * as z from 'zod/mini'
import { Scenario } from './scenario-schema.ts'
import { BodyExpectation, bodyExpectationJsonSchemaNode } from './step-schema.ts'

/** Drops definitions nothing refers to but themselves (what the override leaves of zod's JSON type). */
function withoutUnusedDefinitions(schema: Record<string, unknown>): Record<string, unknown> {
  const definitions = schema.$defs as Record<string, unknown>
  for (const name of Object.keys(definitions)) {
    const others = { ...definitions }
    delete others[name]
    const ref = `"#/$defs/${name}"`
    if (!JSON.stringify({ ...schema, $defs: others }).includes(ref)) delete definitions[name]
  }
  return schema
}

/** zod's names for string checks it also writes as a `pattern`: not JSON Schema formats, which strict validators refuse. */
const ZOD_ONLY_FORMATS = new Set(['starts_with', 'ends_with', 'includes'])

/**
 * The schema as ajv's strict mode takes it: without zod's own formats beside the patterns that say
 * the same, and a list of types as `anyOf`.
 */
function strictJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictJsonSchema)
  if (node === null || typeof node !== 'object') return node
  const entries = Object.entries(node).filter(([key, value]) => !(key === 'format' && ZOD_ONLY_FORMATS.has(value)))
  const strict = Object.fromEntries(entries.map(([key, value]) => [key, strictJsonSchema(value)]))
  const { type, ...rest } = strict
  return Array.isArray(type) ? { ...rest, anyOf: type.map((one) => ({ type: one })) } : strict
}

function buildScenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Scenario, {
    io: 'input',
    unrepresentable: 'any',
    // zod writes an expected body as plain JSON; the hand-written one knows the $ operators.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema !== BodyExpectation) return
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key]
      Object.assign(jsonSchema, bodyExpectationJsonSchemaNode())
    },
  }) as Record<string, unknown>
  return strictJsonSchema(withoutUnusedDefinitions(schema)) as Record<string, unknown>
}

export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(buildScenarioJsonSchema(), null, 2)}\n`
}

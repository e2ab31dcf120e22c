/**
 * The JSON Schema of scenario files, generated from the zod schema so editors complete and check
 * `scenarios/*.json` (each file points at it with `"$schema": "./scenario.schema.json"`). The
 * committed file is this function's output; a test keeps the two equal.
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
  return withoutUnusedDefinitions(schema)
}

/** The committed file's exact text. */
export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(buildScenarioJsonSchema(), null, 2)}\n`
}

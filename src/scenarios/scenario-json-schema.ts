/**
 * The JSON Schema of scenario files, generated from the zod schema so editors complete and check
 * `scenarios/*.json` (each file points at it with `"$schema": "./scenario.schema.json"`). The
 * committed file is this function's output; a test keeps the two equal.
 */
import * as z from 'zod'
import { Scenario } from './scenario-schema.ts'

function buildScenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(Scenario, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
}

/** The committed file's exact text. */
export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(buildScenarioJsonSchema(), null, 2)}\n`
}

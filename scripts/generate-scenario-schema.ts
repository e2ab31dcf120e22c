/**
 * `npm run scenario-schema [-- file]`: writes the JSON Schema of scenario files (default
 * scenarios/scenario.schema.json) from the zod schema in src/scenarios/scenario-schema.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { scenarioJsonSchemaText } from '../src/scenarios/scenario-json-schema.ts'

const target = resolve(process.argv[2] ?? 'scenarios/scenario.schema.json')
mkdirSync(dirname(target), { recursive: true })
writeFileSync(target, scenarioJsonSchemaText())
console.log(`wrote ${target}`)

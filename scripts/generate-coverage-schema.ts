/**
 * `npm run coverage-schema [-- file]`: writes the JSON Schema of the coverage report (default
 * docs/coverage.schema.json) from the zod schema in src/contract/coverage-report.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { coverageJsonSchemaText } from '../src/coverage/coverage-json-schema.ts'

const target = resolve(process.argv[2] ?? 'docs/coverage.schema.json')
mkdirSync(dirname(target), { recursive: true })
writeFileSync(target, coverageJsonSchemaText())
console.log(`wrote ${target}`)

/** The coverage report's JSON Schema, committed as docs/coverage.schema.json; a test keeps the two equal. */
import * as z from 'zod/mini'
import { CoverageReport } from '../contract/coverage-report.ts'

/** The committed file's exact text. */
export function coverageJsonSchemaText(): string {
  const schema = z.toJSONSchema(CoverageReport, { io: 'input', unrepresentable: 'any' })
  return `${JSON.stringify(schema, null, 2)}\n`
}

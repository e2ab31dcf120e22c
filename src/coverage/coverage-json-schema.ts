/**
 * The JSON Schema of the coverage report, generated from the zod schema so tools that read
 * `coverage report --json` or `GET /__sim/coverage` can check it; the package ships it as
 * `docs/coverage.schema.json` (`npm run coverage-schema`), and a test keeps the two equal.
 */
import * as z from 'zod/mini'
import { CoverageReport } from '../contract/coverage-report.ts'

/** The committed file's exact text. */
export function coverageJsonSchemaText(): string {
  const schema = z.toJSONSchema(CoverageReport, { io: 'input', unrepresentable: 'any' })
  return `${JSON.stringify(schema, null, 2)}\n`
}

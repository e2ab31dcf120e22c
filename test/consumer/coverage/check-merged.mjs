// After the coverage suites (.ci/consumer.sh): one part per test file in the directory, and the
// report `coverage report <dir> --json` merged from them counts exactly the requests the files sent.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const [directory, merged] = process.argv.slice(2)
const sentFiles = readdirSync('api-coverage-sent')
const sent = sentFiles.reduce(
  (sum, file) => sum + JSON.parse(readFileSync(join('api-coverage-sent', file), 'utf8')).sent,
  0,
)
const parts = readdirSync(directory).filter((file) => file.endsWith('.json'))
const report = JSON.parse(readFileSync(merged, 'utf8'))
const problems = []
if (parts.length !== sentFiles.length)
  problems.push(`${parts.length} parts in ${directory} for ${sentFiles.length} test files: ${parts.join(', ')}`)
if (report.totals.calls !== sent)
  problems.push(`the merged report counts ${report.totals.calls} calls; the files sent ${sent}`)
const byOperation = report.operations.reduce((sum, operation) => sum + operation.calls, 0)
if (byOperation !== sent) problems.push(`the operations' calls add up to ${byOperation}; the files sent ${sent}`)
if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(
  `${parts.length} parts merged: ${sent} calls, ${report.totals.operations.covered}/${report.totals.operations.total} operations`,
)

/** `coverage report <dir|file...>`: merges a suite's coverage parts, prints and writes the report, gates CI. */
import { lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import type { CommandOutput } from '../command/command.ts'
import { parseCommandArgs } from '../command/command-args.ts'
import { CoverageReport } from '../contract/coverage-report.ts'
import { MAX_DATA_FILE_BYTES, readDataFile } from '../model/read-data-file.ts'
import { writeCoverageFileSync } from './coverage-file.ts'
import { coverageHtml } from './coverage-html.ts'
import { coverageOf, mergeCoverage } from './coverage-tally.ts'
import { coverageSummary, coverageTable, missingLines, percent } from './coverage-text.ts'

export const COVERAGE_HELP = `Usage: debt-token-simulator coverage report <dir|file...> [options]

Merges API coverage reports (each process's part in a directory, GET /__sim/coverage answers,
serve --coverage-out files) into one, and prints it as a table (docs/coverage.md).

Options:
  --json <file>            write the merged report as JSON (its schema: docs/coverage.schema.json)
  --html <file>            write it as a self-contained HTML page
  --min-operations <pct>   exit 1 when fewer operations than this percentage were called
  --min-responses <pct>    exit 1 when fewer declared responses than this percentage were seen
  -h, --help               print this help`

/** The report files a path names: itself, or each `*.json` of a directory (a link out of it refused). */
function reportFiles(path: string): string[] {
  const full = resolve(path)
  if (!statSync(full).isDirectory()) return [full]
  const folder = realpathSync(full)
  return readdirSync(full)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => {
      const file = join(full, name)
      if (lstatSync(file).isSymbolicLink() && !realpathSync(file).startsWith(`${folder}${sep}`))
        throw new Error(`${file}: a link out of ${path}; only the directory's own files are read`)
      return file
    })
}

function readReport(file: string): CoverageReport {
  let json: unknown
  try {
    json = JSON.parse(readDataFile(file, 'a coverage report'))
  } catch (error) {
    // Said without the parser's words, which quote the file's first bytes (a link's target, say).
    throw new Error(`${file}: ${error instanceof SyntaxError ? 'not JSON' : (error as Error).message}`)
  }
  const parsed = CoverageReport.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`${file}: not a coverage report (${issue.path.join('.') || 'the file'}: ${issue.message})`)
  }
  return parsed.data
}

/**
 * The largest merged report, in characters of JSON: what one part may hold. A suite's parts repeat one
 * another, so their merge stays about one part's size; past this the command stops rather than hold them all.
 */
export const MAX_MERGED_REPORT_CHARS = MAX_DATA_FILE_BYTES

/** The parts merged into one report, one at a time; an Error naming the part that could not be merged. */
function mergedReport(files: readonly string[]): CoverageReport {
  let report = coverageOf([])
  for (const [merged, file] of files.entries()) {
    report = mergeCoverage(report, readReport(file))
    const chars = JSON.stringify(report).length
    if (chars > MAX_MERGED_REPORT_CHARS)
      throw new Error(
        `${file}: merged with the ${merged} part(s) before it, the report reaches ${(chars / 2 ** 20).toFixed(1)} MB of JSON, over the ${MAX_MERGED_REPORT_CHARS / 2 ** 20} MB a merged report may hold; the parts bring more rules or fields than a suite's do (merge fewer at a time, or empty the directory before a run)`,
      )
  }
  return report
}

function threshold(value: string | undefined, name: string): number | undefined | string {
  if (value === undefined) return undefined
  const number = Number(value.replace(/%$/, ''))
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 100)
    return `--${name} must be a percentage from 0 to 100, got ${JSON.stringify(value)}`
  return number
}

export function coverageCommand(argv: readonly string[], output: CommandOutput): number {
  const parsed = parseCommandArgs(argv, { values: ['json', 'html', 'min-operations', 'min-responses'] })
  const usage = (problem: string) => {
    output.err(`coverage: ${problem}\n\n${COVERAGE_HELP}`)
    return 2
  }
  if ('error' in parsed) return usage(parsed.error)
  const [sub, ...paths] = parsed.positionals
  if (sub !== 'report') return usage(sub === undefined ? 'name a subcommand: report' : `unknown subcommand ${sub}`)
  if (paths.length === 0) return usage('name a directory of reports or report files')
  const minOperations = threshold(parsed.values['min-operations'], 'min-operations')
  const minResponses = threshold(parsed.values['min-responses'], 'min-responses')
  if (typeof minOperations === 'string') return usage(minOperations)
  if (typeof minResponses === 'string') return usage(minResponses)

  let report: CoverageReport
  try {
    const files = paths.flatMap(reportFiles)
    if (files.length === 0) throw new Error(`no report in ${paths.join(', ')} (no *.json file)`)
    report = mergedReport(files)
  } catch (error) {
    output.err(`coverage: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  output.out(coverageTable(report))
  if (parsed.values.json !== undefined) {
    writeCoverageFileSync(resolve(parsed.values.json), report)
    output.out(`wrote ${resolve(parsed.values.json)}`)
  }
  if (parsed.values.html !== undefined) {
    const target = resolve(parsed.values.html)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(`${target}.tmp`, coverageHtml(report))
    renameSync(`${target}.tmp`, target)
    output.out(`wrote ${target}`)
  }

  const { operations, responses } = report.totals
  const below = [
    minOperations !== undefined &&
      percent(operations.covered, operations.total) < minOperations &&
      `operations ${percent(operations.covered, operations.total)}% < --min-operations ${minOperations}%`,
    minResponses !== undefined &&
      percent(responses.covered, responses.total) < minResponses &&
      `declared responses ${percent(responses.covered, responses.total)}% < --min-responses ${minResponses}%`,
  ].filter((line) => line !== false)
  if (below.length === 0) return 0
  const uncalled = report.operations.filter((operation) => operation.calls === 0).map((o) => o.operationId)
  output.err(
    [
      `coverage below the gate: ${below.join('; ')} (${coverageSummary(report)})`,
      ...(uncalled.length > 0 ? [`operations never called: ${uncalled.join(', ')}`] : []),
      'declared responses never seen, and how to reach each (a scenario file step or rule):',
      ...missingLines(report).map((line) => `  ${line}`),
    ].join('\n'),
  )
  return 1
}

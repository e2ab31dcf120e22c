/** The coverage report for a terminal, what is missing with a step to paste into a scenario file (docs/coverage.md). */
import type { CoverageCause as Cause, CoverageReport, ReadyStep } from '../contract/coverage-report.ts'

/** A share as a percentage with one decimal (100.0 for an empty total: nothing is missing). */
export function percent(covered: number, total: number): number {
  return total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10
}

/** `14/18 operations (77.7%), 40/60 declared responses (66.6%)`. */
export function coverageSummary(report: CoverageReport): string {
  const { operations, responses } = report.totals
  return (
    `${operations.covered}/${operations.total} operations (${percent(operations.covered, operations.total)}%), ` +
    `${responses.covered}/${responses.total} declared responses (${percent(responses.covered, responses.total)}%)`
  )
}

function pad(cells: readonly string[][]): string[] {
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)))
  return cells.map((row) =>
    row
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd(),
  )
}

/** What a ready step sends, in one line: `GET /users/… (no Authorization)`, or the rule's JSON. */
function readyLine(ready: ReadyStep): string {
  if (ready.steps !== undefined)
    return `${ready.how}: ${ready.steps.map((step) => JSON.stringify(step)).join(' then ')}`
  return `${ready.how}: rule ${JSON.stringify(ready.rule)}`
}

/** `scenario flaky: {"operation":"*",…}; no scenario`: who answered, one cause after another. */
function causesText(causes: readonly Cause[]): string {
  return causes
    .map((cause) =>
      cause.scenario === null ? 'no scenario' : `scenario ${cause.scenario}: ${JSON.stringify(cause.rule)}`,
    )
    .join('; ')
}

const forcedCount = (causes: readonly Cause[] | undefined) => (causes ?? []).reduce((sum, cause) => sum + cause.seen, 0)

/** Each declared response no request reached, with how to reach it (and what a rule forced instead). */
export function missingLines(report: CoverageReport): string[] {
  return report.operations.flatMap((operation) =>
    operation.responses
      .filter((response) => response.seen === 0)
      .map(
        (response) =>
          `${operation.operationId} ${response.status} (${operation.method} ${operation.path})` +
          (response.forced === undefined
            ? ''
            : ` only forced ×${forcedCount(response.forced)} (${causesText(response.forced)})`) +
          (response.ready === undefined ? '' : `\n    ${readyLine(response.ready)}`),
      ),
  )
}

export function coverageTable(report: CoverageReport): string {
  const statuses = [...new Set(report.operations.flatMap((o) => o.responses.map((r) => r.status)))].sort(
    (a, b) => a - b,
  )
  const rows = [
    ['operation', 'route', 'calls', ...statuses.map(String)],
    ...report.operations.map((operation) => [
      operation.operationId,
      `${operation.method} ${operation.path}`,
      String(operation.calls),
      ...statuses.map((status) => {
        const response = operation.responses.find((candidate) => candidate.status === status)
        if (response === undefined) return ''
        const forced = response.forced === undefined ? '' : `+${forcedCount(response.forced)}f`
        return (response.seen === 0 ? '✗' : String(response.seen)) + forced
      }),
    ]),
  ]
  const lines = [`API coverage: ${coverageSummary(report)}`, '', ...pad(rows)]
  const forced = report.operations.flatMap((operation) =>
    operation.responses.flatMap((response) =>
      response.forced === undefined
        ? []
        : [
            `  ${operation.operationId} ${response.status} ×${forcedCount(response.forced)} (${causesText(response.forced)})`,
          ],
    ),
  )
  if (forced.length > 0)
    lines.push('', 'Declared statuses a scenario rule forced (+nf above; not counted as reached):', ...forced)
  const apart = report.operations.flatMap((operation) => [
    ...operation.undeclared.map((response) => {
      const status = response.status === 0 ? 'network error' : String(response.status)
      return `  ${operation.operationId} ${status} ×${response.seen} (${causesText(response.causes)})`
    }),
  ])
  if (apart.length > 0) lines.push('', 'Statuses the contract does not declare (not counted):', ...apart)
  const own = report.operations.flatMap((operation) =>
    operation.simulator.map(
      (response) => `  ${operation.operationId} ${response.status} ×${response.seen}: ${response.reason}`,
    ),
  )
  if (own.length > 0) lines.push('', "The simulator's own statuses (not counted):", ...own)
  if (report.totals.unmatched > 0) lines.push('', `Requests no operation matched: ${report.totals.unmatched}`)
  return lines.join('\n')
}

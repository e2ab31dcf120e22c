/**
 * The coverage report as one self-contained HTML page (`coverage report --html <file>`): no script,
 * no external file, so a CI artifact opens as it is.
 */
import type { CoverageCause, CoverageReport, ReadyStep } from '../contract/coverage-report.ts'
import { coverageSummary } from './coverage-text.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

function readyText(ready: ReadyStep): string {
  return JSON.stringify(ready.steps ?? ready.rule, null, 2)
}

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #1a1a1a; }
table { border-collapse: collapse; }
th, td { border: 1px solid #c8c8c8; padding: .3rem .5rem; text-align: left; vertical-align: top; }
td.seen { background: #d8f3dc; } td.missing { background: #ffd6d6; } td.none { background: #f2f2f2; }
details pre { white-space: pre-wrap; font-size: 12px; max-width: 40rem; }
code { font-size: 12px; }`

export function coverageHtml(report: CoverageReport): string {
  const statuses = [...new Set(report.operations.flatMap((o) => o.responses.map((r) => r.status)))].sort(
    (a, b) => a - b,
  )
  const rows = report.operations.map((operation) => {
    const cells = statuses.map((status) => {
      const response = operation.responses.find((candidate) => candidate.status === status)
      if (response === undefined) return '<td class="none"></td>'
      const forcedTimes = (response.forced ?? []).reduce((sum, cause) => sum + cause.seen, 0)
      const forced = forcedTimes === 0 ? '' : ` <small>(+${forcedTimes} forced by a rule)</small>`
      if (response.seen > 0) return `<td class="seen">${response.seen}${forced}</td>`
      const ready =
        response.ready === undefined
          ? ''
          : `<details><summary>${escapeHtml(response.ready.how)}</summary><pre>${escapeHtml(readyText(response.ready))}</pre></details>`
      return `<td class="missing">never${forced}${ready}</td>`
    })
    return `<tr><th scope="row">${escapeHtml(operation.operationId)}</th><td><code>${escapeHtml(`${operation.method} ${operation.path}`)}</code></td><td>${operation.calls}</td>${cells.join('')}</tr>`
  })
  const causesText = (causes: readonly CoverageCause[]) =>
    causes
      .map((cause) =>
        cause.scenario === null ? 'no scenario' : `scenario ${cause.scenario}: ${JSON.stringify(cause.rule)}`,
      )
      .join('; ')
  const apart = report.operations.flatMap((operation) => [
    ...operation.responses.flatMap((response) =>
      response.forced === undefined
        ? []
        : [
            `<li>${escapeHtml(operation.operationId)} ${response.status}: forced by a rule (declared, not counted as reached): ${escapeHtml(causesText(response.forced))}</li>`,
          ],
    ),
    ...operation.undeclared.map(
      (response) =>
        `<li>${escapeHtml(operation.operationId)} ${response.status === 0 ? 'network error' : response.status} ×${response.seen}: ${escapeHtml(causesText(response.causes))}</li>`,
    ),
    ...operation.simulator.map(
      (response) =>
        `<li>${escapeHtml(operation.operationId)} ${response.status} ×${response.seen}: ${escapeHtml(response.reason)} (the simulator's own)</li>`,
    ),
  ])
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>API coverage</title><style>${STYLE}</style></head>
<body>
<h1>API coverage</h1>
<p>${escapeHtml(coverageSummary(report))}</p>
<table>
<thead><tr><th scope="col">operation</th><th scope="col">route</th><th scope="col">calls</th>${statuses.map((status) => `<th scope="col">${status}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
${apart.length === 0 ? '' : `<h2>Not counted</h2>\n<ul>\n${apart.join('\n')}\n</ul>`}
</body>
</html>
`
}

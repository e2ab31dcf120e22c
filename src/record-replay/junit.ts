/** JUnit XML of replay results, for CI: one `<testsuite>` per scenario file, one `<testcase>` per step. */
import type { StepResult } from './replay.ts'

export interface ReplaySuite {
  /** The scenario's name (its file name without .json). */
  readonly name: string
  readonly results: readonly StepResult[]
  /** Set when the scenario could not be replayed at all (load error, server unreachable). */
  readonly error?: string
  /** Set when the scenario was not replayed on purpose (the real service cannot run it), with why. */
  readonly skipped?: string
}

function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the class names the control characters XML may hold
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g, '')
  ) // characters XML 1.0 cannot hold
}

const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(3)

export function toJUnitXml(suites: readonly ReplaySuite[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  const testsOf = (suite: ReplaySuite) =>
    suite.results.length + (suite.error === undefined ? 0 : 1) + (suite.skipped === undefined ? 0 : 1)
  const total = suites.reduce((sum, suite) => sum + testsOf(suite), 0)
  const failures = suites.reduce((sum, suite) => sum + suite.results.filter((result) => !result.passed).length, 0)
  const errors = suites.filter((suite) => suite.error !== undefined).length
  const skippedSteps = (suite: ReplaySuite) => suite.results.filter((result) => result.skipped !== undefined).length
  const skippedOf = (suite: ReplaySuite) => (suite.skipped === undefined ? 0 : 1) + skippedSteps(suite)
  const skipped = suites.reduce((sum, suite) => sum + skippedOf(suite), 0)
  const time = suites.reduce(
    (sum, suite) => sum + suite.results.reduce((inner, result) => inner + result.durationMs, 0),
    0,
  )
  lines.push(
    `<testsuites name="scenario replay" tests="${total}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(time)}">`,
  )
  for (const suite of suites) {
    const suiteFailures = suite.results.filter((result) => !result.passed).length
    const suiteTime = suite.results.reduce((sum, result) => sum + result.durationMs, 0)
    const counts = `tests="${testsOf(suite)}" failures="${suiteFailures}" errors="${suite.error === undefined ? 0 : 1}" skipped="${skippedOf(suite)}"`
    lines.push(`  <testsuite name="${escapeXml(suite.name)}" ${counts} time="${seconds(suiteTime)}">`)
    if (suite.error !== undefined) {
      lines.push(`    <testcase classname="${escapeXml(suite.name)}" name="replay" time="0.000">`)
      lines.push(`      <error message="${escapeXml(suite.error.split('\n')[0]!)}">${escapeXml(suite.error)}</error>`)
      lines.push('    </testcase>')
    }
    if (suite.skipped !== undefined) {
      lines.push(`    <testcase classname="${escapeXml(suite.name)}" name="replay" time="0.000">`)
      lines.push(`      <skipped message="${escapeXml(suite.skipped)}"/>`)
      lines.push('    </testcase>')
    }
    for (const result of suite.results) {
      const name = `${result.index}. ${result.name}`
      const open = `    <testcase classname="${escapeXml(suite.name)}" name="${escapeXml(name)}" time="${seconds(result.durationMs)}"`
      if (result.skipped !== undefined) {
        lines.push(`${open}>`, `      <skipped message="${escapeXml(result.skipped)}"/>`, '    </testcase>')
        continue
      }
      if (result.passed) {
        lines.push(`${open}/>`)
        continue
      }
      lines.push(`${open}>`)
      lines.push(
        `      <failure message="${escapeXml(result.problems[0] ?? 'failed')}">${escapeXml(result.problems.join('\n'))}</failure>`,
      )
      lines.push('    </testcase>')
    }
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>')
  return `${lines.join('\n')}\n`
}

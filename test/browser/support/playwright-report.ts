/**
 * Playwright's JSON report (`--reporter=json`) read back as one outcome per test and project, and a
 * failed test said in one readable line: which test, how it ended after how long, and where it
 * was, so a failure on a slow machine names the slow step instead of only "it timed out".
 */
import { stripVTControlCharacters } from 'node:util'

/** One test of the report: which project ran it, its title and its outcome. */
export interface Outcome {
  readonly project: string
  readonly title: string
  /** 'expected', 'unexpected', 'flaky' or 'skipped'. */
  readonly status: string
  /** Each result's own status ('passed', 'failed', 'timedOut', 'interrupted', …) and duration. */
  readonly results: readonly { readonly status: string; readonly durationMs: number }[]
  /** Each error as `file:line: first lines of its message`. */
  readonly errors: readonly string[]
}

interface JsonError {
  message?: string
  location?: { file: string; line: number }
}

export interface JsonReport {
  suites?: JsonReport[]
  specs?: {
    title: string
    tests: {
      projectName: string
      status: string
      results: { status: string; duration: number; errors?: JsonError[]; error?: JsonError }[]
    }[]
  }[]
  /** Errors outside any test: global setup, the global timeout. */
  errors?: JsonError[]
}

/** An error's location relative to `root` and the first lines of its message (the failed call and its log). */
export function describeError(error: JsonError, root: string): string {
  const where = error.location ? `${error.location.file.replace(root, '')}:${error.location.line}: ` : ''
  // Playwright colours its messages even in the JSON report.
  const plain = stripVTControlCharacters(error.message ?? '(no message)')
  const lines = plain.split('\n').filter((line) => line.trim() !== '')
  return `${where}${lines.slice(0, 6).join(' | ')}`
}

export function outcomes(report: JsonReport, root: string): Outcome[] {
  return [
    ...(report.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        project: test.projectName,
        title: spec.title,
        status: test.status,
        results: test.results.map((result) => ({ status: result.status, durationMs: result.duration })),
        errors: test.results.flatMap((result) =>
          (result.errors ?? (result.error ? [result.error] : [])).map((error) => describeError(error, root)),
        ),
      })),
    ),
    ...(report.suites ?? []).flatMap((suite) => outcomes(suite, root)),
  ]
}

/** `project › title: timedOut after 30012 ms; <error>; <error>`. */
export function describeFailure(outcome: Outcome): string {
  const ended = outcome.results.map((result) => `${result.status} after ${result.durationMs} ms`).join(', then ')
  return `${outcome.project} › ${outcome.title}: ${ended || outcome.status}; ${outcome.errors.join('; ')}`
}

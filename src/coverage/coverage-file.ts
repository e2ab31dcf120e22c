/**
 * Writes a coverage report to a file whole or not at all (files/atomic-file.ts), so a merge never
 * meets half a report. node:path is reached through process.getBuiltinModule, not imported, so that
 * the Storybook entry, which a page's bundler follows, can carry the parts writer.
 */
import type { CoverageReport } from '../contract/coverage-report.ts'
import { writeFileAtomically } from '../files/atomic-file.ts'
import { randomHex } from '../model/random-hex.ts'

/** Writes `report` as JSON to `file` (its directory made if missing); throws, leaving no temporary file, when it cannot. */
export function writeCoverageFileSync(file: string, report: CoverageReport): void {
  writeFileAtomically(file, `${JSON.stringify(report, null, 2)}\n`)
}

/** A file name for one process's part in a directory of parts: `coverage-<pid>-<random>.json`. */
export function coveragePartFile(directory: string): string {
  return process.getBuiltinModule('node:path').join(directory, `coverage-${process.pid}-${randomHex(4)}.json`)
}

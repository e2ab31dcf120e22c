/**
 * Writes a coverage report to a file, whole or not at all: to a temporary file beside it, then
 * renamed over it, so a reader (the `coverage report` command merging a suite's parts) never meets
 * half a report, even when the process is stopped while it writes. Node only.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { CoverageReport } from '../contract/coverage-report.ts'

/** Writes `report` as JSON to `file` (its directory made if missing); throws, leaving no temporary file, when it cannot. */
export function writeCoverageFileSync(file: string, report: CoverageReport): void {
  mkdirSync(dirname(file), { recursive: true })
  const temporary = join(dirname(file), `.${process.pid}-${randomBytes(6).toString('hex')}.coverage.tmp`)
  try {
    writeFileSync(temporary, `${JSON.stringify(report, null, 2)}\n`)
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

/** A file name for one process's part in a directory of parts: `coverage-<pid>-<random>.json`. */
export function coveragePartFile(directory: string): string {
  return join(directory, `coverage-${process.pid}-${randomBytes(4).toString('hex')}.json`)
}

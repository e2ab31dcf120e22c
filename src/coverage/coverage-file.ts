/**
 * Writes a coverage report to a file whole or not at all (beside it, then renamed over), so a merge
 * never meets half a report. node:fs is reached through process.getBuiltinModule, not imported, so
 * that the Storybook entry, which a page's bundler follows, can carry the parts writer.
 */
import type { CoverageReport } from '../contract/coverage-report.ts'
import { randomHex } from '../model/random-hex.ts'

const node = () => ({
  fs: process.getBuiltinModule('node:fs'),
  path: process.getBuiltinModule('node:path'),
})

/** Writes `report` as JSON to `file` (its directory made if missing); throws, leaving no temporary file, when it cannot. */
export function writeCoverageFileSync(file: string, report: CoverageReport): void {
  const { fs, path } = node()
  // Renamed over, a device or FIFO would be replaced by a regular file (run as root, /dev/full would).
  const existing = fs.lstatSync(file, { throwIfNoEntry: false })
  if (existing !== undefined && !existing.isFile() && !existing.isSymbolicLink())
    throw new Error(`${file} is not a regular file (a directory, FIFO, socket or device)`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = path.join(path.dirname(file), `.${process.pid}-${randomHex(6)}.coverage.tmp`)
  try {
    fs.writeFileSync(temporary, `${JSON.stringify(report, null, 2)}\n`)
    fs.renameSync(temporary, file)
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  }
}

/** A file name for one process's part in a directory of parts: `coverage-<pid>-<random>.json`. */
export function coveragePartFile(directory: string): string {
  const { path } = node()
  return path.join(directory, `coverage-${process.pid}-${randomHex(4)}.json`)
}

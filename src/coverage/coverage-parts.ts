/**
 * Each process of a suite leaves its part of the API coverage in a directory when it exits
 * (`coverage-<pid>-<random>.json`, written whole by a rename), and `coverage report <dir>` merges
 * the parts: the parts of a suite's workers, Jest's and vitest's alike, make one report. Node only.
 * An exit handler cannot wait, so the report builder is loaded (report-builder.ts) as soon as a
 * directory is given, and the part is written from it at exit.
 */

import { coveragePartFile, writeCoverageFileSync } from './coverage-file.ts'
import type { CoverageRecorder } from './coverage-recorder.ts'
import { loadedReportBuilder, loadReportBuilder } from './report-builder.ts'

/** The environment variable that names the directory when the code does not. */
export const COVERAGE_DIR_VARIABLE = 'DEBT_TOKEN_SIMULATOR_COVERAGE_DIR'

const recordersByDirectory = new Map<string, Set<CoverageRecorder>>()

/** At exit nothing can be thrown to: says it where the runner shows it. */
function sayNotWritten(directory: string, reason: string): void {
  console.error(`debt-token-simulator: the coverage part could not be written to ${directory}: ${reason}`)
}

function writeParts(): void {
  const builder = loadedReportBuilder()
  for (const [directory, recorders] of recordersByDirectory) {
    // Loaded within the first turns of the event loop: missing only when the process exited at once.
    if (builder === undefined) {
      sayNotWritten(
        directory,
        'the report builder was not loaded (the process exited at once, or it could not be loaded)',
      )
      continue
    }
    try {
      let report = builder.coverageOf([])
      for (const recorder of recorders) report = builder.mergeCoverage(report, recorder.reportWith(builder))
      writeCoverageFileSync(coveragePartFile(directory), report)
    } catch (error) {
      sayNotWritten(directory, error instanceof Error ? error.message : String(error))
    }
  }
  recordersByDirectory.clear()
}

/** Makes this process write what `recorder` counts into `directory` (with every other recorder given it) when it exits. */
export function leaveCoveragePart(directory: string, recorder: CoverageRecorder): void {
  if (recordersByDirectory.size === 0) {
    process.once('exit', writeParts)
    // A failure to load is said at exit, where the part is not written.
    loadReportBuilder().catch(() => {})
  }
  let recorders = recordersByDirectory.get(directory)
  if (recorders === undefined) recordersByDirectory.set(directory, (recorders = new Set()))
  recorders.add(recorder)
}

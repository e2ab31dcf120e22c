/**
 * Each process of a suite leaves its part of the API coverage in a directory when it exits
 * (`coverage-<pid>-<random>.json`, written whole by a rename), and `coverage report <dir>` merges
 * the parts: the parts of a suite's workers, Jest's and vitest's alike, make one report. Node only.
 */

import { coveragePartFile, writeCoverageFileSync } from './coverage-file.ts'
import type { CoverageRecorder } from './coverage-recorder.ts'
import { coverageOf, mergeCoverage } from './coverage-tally.ts'

/** The environment variable that names the directory when the code does not. */
export const COVERAGE_DIR_VARIABLE = 'DEBT_TOKEN_SIMULATOR_COVERAGE_DIR'

const recordersByDirectory = new Map<string, Set<CoverageRecorder>>()

function writeParts(): void {
  for (const [directory, recorders] of recordersByDirectory) {
    let report = coverageOf([])
    for (const recorder of recorders) report = mergeCoverage(report, recorder.report())
    try {
      writeCoverageFileSync(coveragePartFile(directory), report)
    } catch (error) {
      // At exit nothing can be thrown to: say it where the runner shows it.
      console.error(
        `debt-token-simulator: the coverage part could not be written to ${directory}: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  recordersByDirectory.clear()
}

/** Makes this process write what `recorder` counts into `directory` (with every other recorder given it) when it exits. */
export function leaveCoveragePart(directory: string, recorder: CoverageRecorder): void {
  if (recordersByDirectory.size === 0) process.once('exit', writeParts)
  let recorders = recordersByDirectory.get(directory)
  if (recorders === undefined) recordersByDirectory.set(directory, (recorders = new Set()))
  recorders.add(recorder)
}

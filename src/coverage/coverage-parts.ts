/**
 * Each process of a suite leaves its part of the API coverage in a directory, for `coverage report
 * <dir>` to merge. An exit handler cannot wait, so the builder is loaded as soon as a directory is
 * given; the part is also written at `server.close()`, as a test worker can end without an exit event.
 */

import type { CoverageReport } from '../contract/coverage-report.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import { coveragePartFile, writeCoverageFileSync } from './coverage-file.ts'
import { type CoverageRecorder, recordCoverage } from './coverage-recorder.ts'
import { loadedReportBuilder, loadReportBuilder } from './report-builder.ts'

/** The environment variable that names the directory when the code does not. */
const COVERAGE_DIR_VARIABLE = 'DEBT_TOKEN_SIMULATOR_COVERAGE_DIR'

/** Node's `process`, where there is one (a page has none; a bundler's shim has no `versions.node`). */
function nodeProcess(): NodeJS.Process | undefined {
  const candidate = (globalThis as { process?: NodeJS.Process }).process
  return typeof candidate?.versions?.node === 'string' && typeof candidate.once === 'function' ? candidate : undefined
}

/** The directory parts go to: the option's, else the environment variable's; none outside Node. */
export function coverageDirectory(option: { dir: string } | undefined): string | undefined {
  const node = nodeProcess()
  const directory = node === undefined ? undefined : (option?.dir ?? node.env[COVERAGE_DIR_VARIABLE])
  return directory === '' ? undefined : directory
}

/** Leaves what `simulator` answers in the directory `option` or the environment names; that directory, if any. */
export function leaveCoverageOf(simulator: SimulatorCore, option: { dir: string } | undefined): string | undefined {
  const directory = coverageDirectory(option)
  if (directory !== undefined) leaveCoveragePart(directory, recordCoverage(simulator))
  return directory
}

/** What a directory's part holds: recorders still counting, and reports already finished (merged). */
interface Part {
  /** The part's file, named once: a part written again (at close, then at exit) replaces itself. */
  readonly file: string
  readonly recorders: Set<CoverageRecorder>
  finished: CoverageReport | undefined
}

const partsByDirectory = new Map<string, Part>()

/** At exit nothing can be thrown to: says it where the runner shows it. */
function sayNotWritten(directory: string, reason: string): void {
  console.error(`debt-token-simulator: the coverage part could not be written to ${directory}: ${reason}`)
}

/** Writes every part of this process now, over what an earlier call wrote; before exit, once the builder loaded. */
function writeCoverageParts(atExit = false): void {
  const builder = loadedReportBuilder()
  for (const [directory, { file, recorders, finished }] of partsByDirectory) {
    // Loaded within the first turns of the event loop: missing only when the process exited at once.
    if (builder === undefined) {
      if (atExit)
        sayNotWritten(
          directory,
          'the report builder was not loaded (the process exited at once, or it could not be loaded)',
        )
      continue
    }
    try {
      let report = finished ?? builder.coverageOf([])
      for (const recorder of recorders) report = builder.mergeCoverage(report, recorder.reportWith(builder))
      writeCoverageFileSync(file, report)
    } catch (error) {
      sayNotWritten(directory, error instanceof Error ? error.message : String(error))
    }
  }
}

/**
 * Writes every part of this process as soon as it can: now when the report builder is loaded (then
 * undefined), else once it is (a promise, which a test runner's `afterAll(() => server.close())` awaits).
 */
export function writeCoveragePartsSoon(): Promise<void> | undefined {
  if (loadedReportBuilder() !== undefined) {
    writeCoverageParts()
    return undefined
  }
  return loadReportBuilder().then(
    () => writeCoverageParts(),
    () => {},
  )
}

function partIn(directory: string): Part {
  if (partsByDirectory.size === 0) process.once('exit', () => writeCoverageParts(true))
  let part = partsByDirectory.get(directory)
  if (part === undefined)
    partsByDirectory.set(
      directory,
      (part = { file: coveragePartFile(directory), recorders: new Set(), finished: undefined }),
    )
  return part
}

/** Makes this process write what `recorder` counts into `directory` (with every other recorder given it) when it exits. */
function leaveCoveragePart(directory: string, recorder: CoverageRecorder): void {
  // Loaded now, as the exit handler cannot wait; a failure to load is said at exit.
  loadReportBuilder().catch(() => {})
  partIn(directory).recorders.add(recorder)
}

/** Adds a finished report to what this process writes into `directory` at exit, merged at once. */
export async function leaveCoverageReport(directory: string, report: CoverageReport): Promise<void> {
  const builder = await loadReportBuilder()
  const part = partIn(directory)
  part.finished = part.finished === undefined ? report : builder.mergeCoverage(part.finished, report)
}

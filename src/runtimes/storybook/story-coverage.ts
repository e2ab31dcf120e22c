/**
 * API coverage of stories rendered in Node (portable stories in Vitest or Jest): with a directory
 * (`parameters.simulator.coverage.dir`, set for every story in the project's annotations, else
 * `DEBT_TOKEN_SIMULATOR_COVERAGE_DIR`), each simulator a story loads is counted and the process
 * leaves its part there when it exits, as `setupSimulatorServer({ coverage: { dir } })` does. A
 * page has no directory to write to: in a browser nothing is recorded.
 */
import { COVERAGE_DIR_VARIABLE, leaveCoveragePart } from '../../coverage/coverage-parts.ts'
import { recordCoverage } from '../../coverage/coverage-recorder.ts'
import type { Simulator } from '../msw/create-simulator.ts'

/** Node's `process`, where there is one (a page has none; a bundler's shim has no `versions.node`). */
function nodeProcess(): NodeJS.Process | undefined {
  const candidate = (globalThis as { process?: NodeJS.Process }).process
  return typeof candidate?.versions?.node === 'string' && typeof candidate.once === 'function' ? candidate : undefined
}

/** Counts what `simulator` answers into the directory given or named by the environment, in Node. */
export function recordStoryCoverage(simulator: Simulator, option: { dir: string } | undefined): void {
  const node = nodeProcess()
  if (node === undefined) return
  const directory = option?.dir ?? node.env[COVERAGE_DIR_VARIABLE]
  if (directory === undefined || directory === '') return
  leaveCoveragePart(directory, recordCoverage(simulator))
}

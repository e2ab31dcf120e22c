/** API coverage of stories rendered in Node, left as `setupSimulatorServer({ coverage })` does; none in a browser. */
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

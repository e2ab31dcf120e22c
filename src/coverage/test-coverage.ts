/**
 * A Playwright worker's API coverage: a test's report joins the worker's part when the test ends, so
 * the worker keeps no test's simulator.
 */
import type { CoverageReport } from '../contract/coverage-report.ts'
import { SESSION_HEADER } from '../sessions/session-header.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import { leaveCoverageReport } from './coverage-parts.ts'
import { recordCoverage } from './coverage-recorder.ts'

/** Counts what a test's own simulator answers; the function returned adds it to the worker's part. */
export function countTestCoverage(directory: string, simulator: SimulatorCore): () => Promise<void> {
  const recorder = recordCoverage(simulator)
  return async () => {
    const report = await recorder.report()
    recorder.stop()
    await leaveCoverageReport(directory, report)
  }
}

/** Adds a shared server's report of one session (`GET /__sim/coverage` with its `X-Sim-Session`) to the worker's part. */
export async function leaveSessionCoverage(directory: string, url: string, session: string): Promise<void> {
  const response = await fetch(`${url}/__sim/coverage`, { headers: { [SESSION_HEADER]: session } })
  if (!response.ok)
    throw new Error(
      `debt-token-simulator/playwright: the coverage of session ${session} could not be read: GET ${url}/__sim/coverage answered ${response.status} ${await response.text()}`,
    )
  await leaveCoverageReport(directory, (await response.json()) as CoverageReport)
}

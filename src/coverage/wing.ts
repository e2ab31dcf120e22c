/** The coverage wing's surface: `simulator.coverage()`, counted from the start, or a note that it is not. */
import type { Wing } from '../control/wing.ts'
import { recordCoverage } from './coverage-recorder.ts'

export interface CoverageWingOptions {
  /** `false`: nothing is counted, and `coverage()` says so, naming `coverageAsking`. Default: counted. */
  readonly coverage?: false | undefined
  /** How the user asks for coverage where it is off by default (the browser). */
  readonly coverageAsking?: string | undefined
}

export const coverageWing: Wing<CoverageWingOptions> = {
  name: 'coverage',
  attach(simulator, { coverage, coverageAsking }) {
    if (coverage === false) {
      const notRecorded = {
        recorded: false,
        message: `API coverage is not recorded here: ask for it with ${coverageAsking}`,
      } as const
      return { coverage: async () => notRecorded }
    }
    const recorder = recordCoverage(simulator)
    return { coverage: (which: { session?: string } = {}) => recorder.report(which.session) }
  },
}

/** The coverage wing's surface: `simulator.coverage()`, counted from the start, or a note that it is not. */
import type { CoverageReport } from '../contract/plain-types.ts'
import type { Wing } from '../control/wing.ts'
import { recordCoverage } from './coverage-recorder.ts'

export interface CoverageWingOptions {
  /** `false`: nothing is counted, and `coverage()` says so, naming `coverageAsking`. Default: counted. */
  readonly coverage?: false | undefined
  /** How the user asks for coverage where it is off by default (the browser). */
  readonly coverageAsking?: string | undefined
}

/** A simulator's `coverage()`: the report, or where it is not recorded, a note saying how to ask for it. */
export interface CoverageSurface {
  coverage(options?: { session?: string }): Promise<CoverageReport | CoverageNotRecorded>
}

/** What `coverage()` answers where recording was not asked for (the browser without `coverage: true`). */
export interface CoverageNotRecorded {
  readonly recorded: false
  /** Says so, and how to ask for it. */
  readonly message: string
}

export const coverageWing: Wing<CoverageWingOptions, CoverageSurface> = {
  name: 'coverage',
  attach(simulator, { coverage, coverageAsking }) {
    if (coverage === false) {
      const notRecorded: CoverageNotRecorded = {
        recorded: false,
        message: `API coverage is not recorded here: ask for it with ${coverageAsking}`,
      }
      return { coverage: async () => notRecorded }
    }
    const recorder = recordCoverage(simulator)
    return { coverage: (which: { session?: string } = {}) => recorder.report(which.session) }
  },
}

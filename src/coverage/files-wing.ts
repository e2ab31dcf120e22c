/**
 * The coverage wing's files in Node: a process's part left in a directory for `coverage report` to
 * merge (in-process runtimes), or the report written to a file when a server closes (`coverageOut`,
 * `serve --coverage-out`; its builder loaded at start, so a process told to stop at once still writes it).
 */
import type { Wing } from '../control/wing.ts'
import { assertFileTarget, failureReason, fileRefusal } from '../files/atomic-file.ts'
import { writeCoverageFileSync } from './coverage-file.ts'
import { leaveCoverageOf } from './coverage-parts.ts'
import { recordCoverage } from './coverage-recorder.ts'
import { loadedReportBuilder, loadReportBuilder } from './report-builder.ts'

export interface CoverageOutOptions {
  /** Writes the API coverage report to this file (`--coverage-out`) when the server closes. */
  readonly coverageOut?: string | undefined
}

export interface CoverageFilesOptions extends CoverageOutOptions {
  /** Leaves this process's coverage in `dir`; 'environment': in DEBT_TOKEN_SIMULATOR_COVERAGE_DIR, if set. */
  readonly leaveCoverage?: { readonly dir: string } | 'environment' | undefined
}

export const coverageFilesWing: Wing<CoverageFilesOptions> = {
  name: 'coverage',
  flags: [
    {
      name: 'coverage-out',
      value: '<file>',
      help: 'write the API coverage report (JSON, docs/coverage.md) to <file> on SIGINT/SIGTERM; GET /__sim/coverage answers it while the server runs',
    },
  ],
  fromFlags: ({ values }) => (values['coverage-out'] === undefined ? {} : { coverageOut: values['coverage-out'] }),
  refusal: (error) => fileRefusal(error, 'coverageOut', '--coverage-out'),
  commands: {
    coverage: async () => {
      const { COVERAGE_HELP, coverageCommand } = await import('./report-command.ts')
      return { help: COVERAGE_HELP, run: coverageCommand }
    },
  },
  prepare({ coverageOut }) {
    assertFileTarget('coverageOut', coverageOut)
    return undefined
  },
  attach(simulator, { leaveCoverage, coverageOut }) {
    if (leaveCoverage !== undefined)
      leaveCoverageOf(simulator, leaveCoverage === 'environment' ? undefined : leaveCoverage)
    if (coverageOut === undefined) return {}
    return {
      ready: loadReportBuilder(),
      writeFilesSync() {
        try {
          const report = recordCoverage(simulator).reportWith(loadedReportBuilder()!)
          writeCoverageFileSync(coverageOut, report)
          const { operations, responses } = report.totals
          return {
            written: [
              `coverage (${operations.covered}/${operations.total} operations, ${responses.covered}/${responses.total} responses) written to ${coverageOut}`,
            ],
            failed: [],
          }
        } catch (error) {
          return {
            written: [],
            failed: [`the coverage report could not be written to ${coverageOut}: ${failureReason(error)}`],
          }
        }
      },
    }
  },
}

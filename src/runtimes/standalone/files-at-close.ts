/**
 * The files a standalone server writes when it closes (`recordTo`, `coverageOut`). Both targets are checked
 * at start, and the report builder loads then, so a process told to stop at once still writes it synchronously.
 */
import { writeCoverageFileSync } from '../../coverage/coverage-file.ts'
import { recordCoverage } from '../../coverage/coverage-recorder.ts'
import { loadReportBuilder } from '../../coverage/report-builder.ts'
import { ApiError } from '../../http/api-error.ts'
import { DEFAULT_NOW } from '../../model/clock.ts'
import { createFileRecording, failureReason, recordingTargetProblem } from '../../record-replay/record-to-file.ts'
import { MAX_WORLD_SIZE, type ScenarioWorld } from '../../scenarios/scenario-schema.ts'
import type { SimulatorCore } from '../../simulator-core.ts'
import type { FilesWritten, ServerRecording, StandaloneOptions } from './server-options.ts'

export interface FilesAtClose {
  /** The recording the server feeds (`recordTo`), if any. */
  readonly recording: ServerRecording | undefined
  /** Writes every file now, synchronously (a process about to exit calls it; `close()` does). */
  writeSync(): FilesWritten
}

/** Thrown at start for a target that cannot be written: `option` names the option (`recordTo`, `coverageOut`). */
export class FileTargetError extends Error {
  constructor(
    readonly option: 'recordTo' | 'coverageOut',
    readonly problem: string,
  ) {
    super(`${option}: ${problem}`)
  }
}

/** Throws a FileTargetError for the first target that cannot be written. */
export function checkFileTargets(options: Pick<StandaloneOptions, 'recordTo' | 'coverageOut'>): void {
  for (const option of ['recordTo', 'coverageOut'] as const) {
    const file = options[option]
    const problem = file === undefined ? undefined : recordingTargetProblem(file)
    if (problem !== undefined) throw new FileTargetError(option, problem)
  }
}

/** Why a recording will not replay as it was recorded, said in its notes; and the world it started with. */
function recordingStart(options: StandaloneOptions, simulator: SimulatorCore) {
  const notes: string[] = []
  const start = (options.scenario === undefined ? null : simulator.scenarios.activeDefinition()) ?? undefined
  let world: ScenarioWorld | undefined = start?.world
  if (world === undefined && options.size !== undefined) {
    if (options.size <= MAX_WORLD_SIZE) world = { size: options.size }
    else notes.push(`recorded with size ${options.size}: replay it against a server started with the same size`)
  }
  if (options.fixtures !== undefined)
    notes.push('recorded with fixtures of its own: replay it against a server started with them')
  if (options.now === 'system')
    notes.push('recorded with a system clock: timestamps in the expectations will differ on replay')
  if (options.scenario !== undefined) notes.push(`recorded with the scenario ${options.scenario} active`)
  const proxied = options.proxy?.url
  if (proxied !== undefined)
    notes.push(
      `recorded through the proxy to ${proxied}: the answers are the service's; replay --url ${proxied} checks the service again, a replay against the simulator shows where the two differ`,
    )
  const now = options.now ?? DEFAULT_NOW
  return {
    description: `Recorded session${proxied === undefined ? '' : ` through the proxy to ${proxied}: the answers are the service's`}, started ${new Date().toISOString()}.`,
    notes,
    seed: options.seed,
    ...(now !== 'system' && { now: typeof now === 'string' ? now : now.toISOString() }),
    ...(start !== undefined && { rules: start.rules }),
    ...(world !== undefined && { world }),
  }
}

export async function filesAtClose(
  options: StandaloneOptions,
  simulator: SimulatorCore,
  warn: (line: string) => void,
): Promise<FilesAtClose> {
  const { recordTo, coverageOut } = options
  const builder = coverageOut === undefined ? undefined : await loadReportBuilder()
  const file = recordTo === undefined ? undefined : createFileRecording(recordTo, recordingStart(options, simulator))
  return {
    // A flush that fails (`POST /__sim/record/flush`: the disk is full) is said and answered 507;
    // recording goes on, and the next flush or the close may succeed.
    recording: file && {
      ...file,
      flush: async () => {
        try {
          return file.flushSync()
        } catch (error) {
          const message = `the recording could not be written to ${file.file} (${failureReason(error)}); recording goes on`
          warn(message)
          throw new ApiError(507, message)
        }
      },
    },
    writeSync() {
      const written: string[] = []
      const failed: string[] = []
      if (file !== undefined)
        try {
          written.push(`recorded ${file.flushSync().steps} requests to ${file.file}`)
        } catch (error) {
          failed.push(`the recording could not be written to ${file.file}: ${failureReason(error)}`)
        }
      if (coverageOut !== undefined && builder !== undefined)
        try {
          const report = recordCoverage(simulator).reportWith(builder)
          writeCoverageFileSync(coverageOut, report)
          const { operations, responses } = report.totals
          written.push(
            `coverage (${operations.covered}/${operations.total} operations, ${responses.covered}/${responses.total} responses) written to ${coverageOut}`,
          )
        } catch (error) {
          failed.push(`the coverage report could not be written to ${coverageOut}: ${failureReason(error)}`)
        }
      return { written, failed }
    },
  }
}

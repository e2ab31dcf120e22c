/**
 * The record-replay wing in a server: the session recorded to a scenario file (`recordTo`, `serve
 * --record`), written at close and by `POST /__sim/record/flush`, with the seed, clock, world and
 * rules it started with.
 */
import type { Wing } from '../control/wing.ts'
import { assertFileTarget, failureReason, fileRefusal } from '../files/atomic-file.ts'
import { ApiError } from '../http/api-error.ts'
import { DEFAULT_NOW } from '../model/clock.ts'
import { MAX_WORLD_SIZE, type ScenarioWorld } from '../scenarios/scenario-schema.ts'
import type { SimulatorCore, SimulatorOptions } from '../simulator-core.ts'
import type { SessionRecording } from './control-handlers.ts'
import { recordForwardedAs } from './proxy-recording.ts'
import type { RecordedExchange } from './record.ts'
import { createFileRecording } from './record-to-file.ts'

export interface RecordFileWingOptions {
  /**
   * Records every answered request to this scenario file (`--record`), written by `close()` and by
   * `POST /__sim/record/flush`, with the seed, clock, world and rules it started with.
   */
  readonly recordTo?: string | undefined
  /** What a recording keeps of each exchange (the proxy records the credentials the service saw). */
  readonly recordAs?: ((exchange: RecordedExchange) => RecordedExchange) | undefined
}

/** A session recording a server feeds: API requests and the control requests that change state. */
export interface ServerRecording extends SessionRecording {
  record(exchange: RecordedExchange): void
}

export interface RecordFileParts {
  /** The recording of `recordTo`, if any. */
  readonly recording?: ServerRecording
  /** What a recording keeps of each exchange, if not the exchange as it was. */
  readonly recordAs?: (exchange: RecordedExchange) => RecordedExchange
}

/** What else the recording reads of the options: how the world started, the scenario, the proxy's service. */
type StartOptions = RecordFileWingOptions &
  Pick<SimulatorOptions, 'size' | 'fixtures' | 'now' | 'seed'> & {
    readonly scenario?: string | undefined
    readonly proxy?: { readonly url: string; readonly token?: string | undefined } | undefined
  }

/** Why a recording will not replay as it was recorded, said in its notes; and the world it started with. */
function recordingStart(options: StartOptions, simulator: SimulatorCore) {
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

export const recordFileWing: Wing<RecordFileWingOptions, RecordFileParts> = {
  name: 'record-replay',
  flags: [
    {
      name: 'record',
      value: '<file>',
      help: "write the session's requests and responses as a scenario with steps to <file> (on SIGINT/SIGTERM, and on POST /__sim/record/flush)",
    },
  ],
  fromFlags: ({ values }) => (values.record === undefined ? {} : { recordTo: values.record }),
  describe: ({ recordTo }) => recordTo && `recording to ${recordTo}`,
  refusal: (error) => fileRefusal(error, 'recordTo', '--record'),
  prepare({ recordTo }) {
    assertFileTarget('recordTo', recordTo)
    return undefined
  },
  attach(simulator, prepared, host) {
    const options = prepared as StartOptions & typeof prepared
    const { recordTo, forwarder } = options
    const recordAs =
      options.recordAs ?? (forwarder === undefined ? undefined : recordForwardedAs(forwarder, options.proxy?.token))
    const kept = recordAs === undefined ? {} : { recordAs }
    if (recordTo === undefined) return kept
    const file = createFileRecording(recordTo, recordingStart(options, simulator))
    return {
      ...kept,
      // A flush that fails (`POST /__sim/record/flush`: the disk is full) is said and answered 507;
      // recording goes on, and the next flush or the close may succeed.
      recording: {
        ...file,
        flush: async () => {
          try {
            return file.flushSync()
          } catch (error) {
            const message = `the recording could not be written to ${file.file} (${failureReason(error)}); recording goes on`
            host.warn(message)
            throw new ApiError(507, message)
          }
        },
      },
      writeFilesSync() {
        try {
          return { written: [`recorded ${file.flushSync().steps} requests to ${file.file}`], failed: [] }
        } catch (error) {
          return {
            written: [],
            failed: [`the recording could not be written to ${file.file}: ${failureReason(error)}`],
          }
        }
      },
    }
  },
}

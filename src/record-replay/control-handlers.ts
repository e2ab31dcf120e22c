/**
 * The control routes of record and replay: replay on the server, scenario files from journal entries
 * or a HAR file, the in-memory recording, and flushing the `--record` file.
 */
import type { ControlDispatch, ControlHandlerTable } from '../control/control-handler.ts'
import { ApiError } from '../http/api-error.ts'
import { harToScenario } from './har-to-scenario.ts'
import type { LiveRecording } from './live-recording.ts'
import { replayHandlers } from './replay-handler.ts'
import { buildScenarioFile } from './scenario-file-builder.ts'

/** A session being recorded (`--record <file>`): what `POST /__sim/record/flush` writes out. */
export interface SessionRecording {
  /** Writes the scenario file with the steps so far; recording goes on. */
  flush(): Promise<{ file: string; steps: number }>
}

export type RecordReplayRouteId =
  | 'replayScenario'
  | 'buildScenarioFile'
  | 'buildScenarioFromHar'
  | 'getRecording'
  | 'startRecording'
  | 'stopRecording'
  | 'getRecordedScenario'
  | 'flushRecording'

export interface RecordReplayServices {
  /** The control API itself, for the control steps a replay sends (handed over late: it is built from these handlers). */
  readonly dispatch: ControlDispatch
  /** The in-memory recording `PUT /__sim/recording` starts (a server that serves requests has one). */
  readonly liveRecording?: LiveRecording | undefined
  /** Present while the server records its session to a file. */
  readonly recording?: SessionRecording | undefined
}

export function recordReplayHandlers(services: RecordReplayServices): ControlHandlerTable<RecordReplayRouteId> {
  const live = (): LiveRecording => {
    if (services.liveRecording === undefined)
      throw new ApiError(409, 'recording from the control API needs the standalone server (debt-token-simulator serve)')
    return services.liveRecording
  }
  return {
    ...replayHandlers((context) => services.dispatch(context)),
    buildScenarioFile: ({ body }, { simulator }) => buildScenarioFile(body, simulator),
    buildScenarioFromHar: ({ body, query }) =>
      harToScenario(body, query.name ?? 'the HAR file').scenario as Record<string, unknown>,
    getRecording: () => live().status(),
    startRecording: ({ body }) => live().start(body?.description),
    stopRecording: () => live().stop(),
    getRecordedScenario: () => {
      const scenario = live().scenario()
      if (scenario === undefined)
        throw new ApiError(409, 'nothing recorded: start a recording first (PUT /__sim/recording)')
      return scenario as Record<string, unknown>
    },
    flushRecording: async () => {
      if (services.recording === undefined)
        throw new ApiError(409, 'the server is not recording: start it with --record <file>')
      return services.recording.flush()
    },
  }
}

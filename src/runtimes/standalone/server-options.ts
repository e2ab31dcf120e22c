/** What the standalone server takes and gives, and what one request listener needs (`createRequestListener`). */
import type { Server } from 'node:http'
import type { FilesWritten } from '../../control/wing.ts'
import type { LogLevel } from '../../observability/operations-log.ts'
import type { SimulatorCore, SimulatorOptions } from '../../simulator-core.ts'
import type {
  DashboardAssets,
  LiveRecording,
  RecordedExchange,
  ServerRecording,
  ServerWingsOptions,
} from '../../wings/server.ts'
import type { ControlAccess } from './cors.ts'

export type { FilesWritten, ServerRecording }

export interface StandaloneOptions extends Omit<SimulatorOptions, 'baseUrl'>, ServerWingsOptions {
  port?: number
  host?: string
  /** An existing simulator to serve (options for a new one are then ignored). */
  simulator?: SimulatorCore
  /** Receives every answered request, and is what `POST /__sim/record/flush` writes (rather than `recordTo`). */
  recording?: ServerRecording
  /** Where the server says what goes wrong beside a request: a recording that could not be flushed (default console.warn). */
  warn?: (line: string) => void
  /** The operations log: `quiet` (none; the default for embedding), `normal` (a line per request), `verbose` (with bodies). */
  log?: LogLevel
  /** Where log lines go (default: console.log). */
  logSink?: (line: string) => void
  /** How long a client may take to send its request headers before a 408 (default: node's 60 s). */
  headersTimeoutMs?: number
  /** Browser origins besides loopback ones that may use the control API (`--control-origin`). */
  controlOrigins?: readonly string[]
  /** The scenario active from the start, by name (`--scenario`): a shipped one or one of `scenarios`. */
  scenario?: string
}

export interface StandaloneServer {
  readonly url: string
  readonly server: Server
  readonly simulator: SimulatorCore
  /**
   * Stops accepting connections and resolves once every connection is gone. Requests the server has
   * begun to read may finish for up to `graceMs` (default 0: cut at once); idle connections close at
   * once. Then the files of `recordTo` and `coverageOut` are written, saying what was and what was not.
   */
  close(options?: { graceMs?: number }): Promise<FilesWritten>
  /** Writes the files of `recordTo` and `coverageOut` now, synchronously: for a process that must exit at once. */
  writeFilesSync(): FilesWritten
}

export const DEFAULT_PORT = 4010
export const DEFAULT_HOST = '127.0.0.1'

export interface ListenerOptions {
  /** The server's own URL, once it listens. */
  readonly origin: () => string
  readonly recording?: ServerRecording | undefined
  readonly logControl?: ((method: string, path: string, status: number, started: number) => void) | undefined
  /** Who may use the control API (default: no Origin or loopback origins, any Host). */
  readonly access?: ControlAccess | undefined
  /** The recording `PUT /__sim/recording` starts (default: one of this listener's own). */
  readonly liveRecording?: LiveRecording | undefined
  /** The dashboard's files (`GET /__sim/ui`). */
  readonly dashboard?: DashboardAssets | undefined
  /** Ends each open event stream (what a closing server calls). */
  readonly streams?: Set<() => void> | undefined
  /** What a recording keeps of each exchange (default: it as it was). */
  readonly recordAs?: ((exchange: RecordedExchange) => RecordedExchange) | undefined
}

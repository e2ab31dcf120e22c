/**
 * The wings of a server's simulator (decision 0029): Node's, with the proxy and the recording to a
 * file, which only a server has. Only the standalone server imports it, so the in-process entries
 * load no forwarder.
 */
import type { CoverageOutOptions } from '../coverage/files-wing.ts'
import type { PersistenceWingOptions } from '../persistence/node/wing.ts'
import { type ProxyWingOptions, proxyWing } from '../proxy/wing.ts'
import { type RecordFileWingOptions, recordFileWing } from '../record-replay/record-file-wing.ts'
import { NODE_WINGS } from './node.ts'

/** The recording first: its file is written before the coverage report at close. */
export const SERVER_WINGS = [recordFileWing, proxyWing, ...NODE_WINGS] as const

/** `scenarios from-har`, the record-replay wing's, loaded on use. */
export const loadFromHarCommand = () => import('../record-replay/from-har-command.ts')

/** What a server takes for its wings, beside the core's options. */
export interface ServerWingsOptions
  extends RecordFileWingOptions,
    CoverageOutOptions,
    ProxyWingOptions,
    PersistenceWingOptions {}

export { dashboardAssets } from '../dashboard/assets-on-disk.ts'
export type { DashboardAssets } from '../dashboard/dashboard-assets.ts'
export { isStreamed, type StreamedResponse } from '../dashboard/event-stream.ts'
export type { StreamClient } from '../dashboard/event-wire.ts'
export { PersistDirectoryError } from '../persistence/node/persist-error.ts'
export { PROXY_FAILURE_HEADER } from '../proxy/proxy-failure.ts'
export type { ProxyOptions } from '../proxy/proxy-options.ts'
export { createLiveRecording, type LiveRecording } from '../record-replay/live-recording.ts'
export type { RecordedExchange } from '../record-replay/record.ts'
export type { ServerRecording } from '../record-replay/record-file-wing.ts'

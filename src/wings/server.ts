/**
 * The wings of a server's simulator (decision 0029): Node's, with the proxy and the recording to a
 * file, which only a server has. Only the standalone server imports it, so the in-process entries
 * load no forwarder.
 */
import { proxyWing } from '../proxy/wing.ts'
import { recordFileWing } from '../record-replay/record-file-wing.ts'
import { NODE_WINGS } from './node.ts'

/** The recording first: its file is written before the coverage report at close. */
export const SERVER_WINGS = [recordFileWing, proxyWing, ...NODE_WINGS] as const

export type { ServerRecording } from '../record-replay/record-file-wing.ts'

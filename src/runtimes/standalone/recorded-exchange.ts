/**
 * What the standalone server hands its recordings (`--record <file>` and the in-memory one of
 * `PUT /__sim/recording`): which requests are recorded, and each as a RecordedExchange.
 */
import type { IncomingMessage } from 'node:http'
import { CONTROL_PREFIX, isControlPath } from '../../contract/control-route.ts'
import type { SimRequest, SimResponse } from '../../http/sim-request.ts'
import { PROXY_FAILURE_HEADER, type RecordedExchange } from '../../wings/server.ts'
import { originForm } from './node-request.ts'

/** Control routes that change nothing a replay would need: the recordings' own, replays, file building. */
const UNRECORDED_CONTROL = [`${CONTROL_PREFIX}/record`, `${CONTROL_PREFIX}/replay`, `${CONTROL_PREFIX}/scenario-file`]

/** Control requests that only read (and the recording's own routes) are left out of a recording. */
export function isRecorded(request: SimRequest): boolean {
  if (!isControlPath(request.path)) return true
  return request.method !== 'GET' && !UNRECORDED_CONTROL.some((prefix) => request.path.startsWith(prefix))
}

function rawQuery(url: string): string {
  const q = url.indexOf('?')
  return q === -1 ? '' : url.slice(q + 1)
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  return headers
}
/** One answered request as a recording takes it (`body`: the request's, read before answering). */
export function recordedExchange(
  request: IncomingMessage,
  simRequest: SimRequest,
  body: string,
  result: SimResponse,
): RecordedExchange {
  return {
    method: simRequest.method,
    path: simRequest.path,
    query: rawQuery(originForm(request.url ?? '')),
    headers: headersOf(request),
    body,
    response: {
      status: result.status,
      body: result.body,
      networkError: result.networkError,
      // The proxy's own 502/504/508 (the service never answered it): a recording marks its step `skip`.
      proxyFailure: result.headers[PROXY_FAILURE_HEADER] !== undefined,
    },
  }
}

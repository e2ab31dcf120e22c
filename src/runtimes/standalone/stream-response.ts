/**
 * Writes a streamed answer (an event stream, `GET /__sim/events`) to node: the headers at once,
 * then each chunk as the stream produces it, until the client leaves or the server closes. A
 * client that stops reading is dropped once MAX_BUFFERED bytes wait for it, so one stalled tab
 * cannot grow the server's memory; its browser reconnects with Last-Event-ID and catches up from
 * the journal's ring buffer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StreamedResponse } from '../../control/event-stream.ts'
import { corsHeaders } from './cors.ts'

const MAX_BUFFERED = 4 * 1024 * 1024

/** Opens `result.stream` on `response`; `streams` holds its end while it is open. */
export function openStream(
  request: IncomingMessage,
  response: ServerResponse,
  result: StreamedResponse,
  allowOrigin: boolean,
  streams: Set<() => void>,
): void {
  if (response.headersSent || response.destroyed) return
  response.writeHead(result.status, { ...corsHeaders(request, allowOrigin), ...result.headers })
  if (request.method === 'HEAD') {
    response.end()
    return
  }
  response.flushHeaders()
  let stop: (() => void) | undefined
  const end = () => {
    stop?.()
    streams.delete(end)
    if (!response.writableEnded) response.end()
  }
  streams.add(end)
  response.once('close', () => {
    stop?.()
    streams.delete(end)
  })
  stop = result.stream.open((chunk) => {
    if (response.writableEnded || response.destroyed) return
    response.write(chunk)
    if (response.writableLength > MAX_BUFFERED) end()
  })
}

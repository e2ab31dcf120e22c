/**
 * Writes a streamed answer (`GET /__sim/events`) to node. `drop` destroys the socket so that its buffer is
 * released at once (ending it would keep the buffer until a client that does not read takes it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StreamClient, StreamedResponse } from '../../wings/server.ts'
import { corsHeaders } from './cors.ts'

/** Opens `result.stream` on `response`; `streams` holds its end while it is open. */
export function openStream(
  request: IncomingMessage,
  response: ServerResponse,
  result: StreamedResponse,
  allowOrigin: boolean,
  streams: Set<() => void>,
): void {
  if (response.headersSent || response.destroyed) {
    result.stream.cancel()
    return
  }
  response.writeHead(result.status, { ...corsHeaders(request, allowOrigin), ...result.headers })
  if (request.method === 'HEAD') {
    result.stream.cancel()
    response.end()
    return
  }
  response.flushHeaders()
  const client: StreamClient = {
    write(chunk) {
      if (!response.writableEnded && !response.destroyed) response.write(chunk)
    },
    get buffered() {
      return response.writableLength
    },
    onDrain(callback) {
      if (response.writableLength === 0) setImmediate(callback)
      else response.once('drain', callback)
    },
    drop() {
      response.destroy()
    },
  }
  const stop = result.stream.open(client)
  const end = () => {
    stop()
    streams.delete(end)
    if (!response.writableEnded) response.end()
  }
  streams.add(end)
  response.once('close', () => {
    stop()
    streams.delete(end)
  })
}

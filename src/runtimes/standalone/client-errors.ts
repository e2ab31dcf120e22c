/**
 * Requests node refuses before the simulator sees them (headers too large, a request line that is
 * not HTTP, a client too slow to send its headers), answered in the documented JSON shape with the
 * status a client expects instead of node's bare 400, and the connection closed.
 */
import type { Duplex } from 'node:stream'
import { reasonPhrase } from '../../contract/error-body.ts'
import { DATA_ONLY_CSP, NO_SNIFF } from '../../http/sim-request.ts'

/** The longest request target the server reads; a longer one is a 414. */
export const MAX_URL_LENGTH = 8192

/** The raw HTTP/1.1 answer for a refused request, closing the connection. */
function rawErrorResponse(status: number, message: string): string {
  const body = JSON.stringify({ statusCode: String(status), error: reasonPhrase(status), message })
  return `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nContent-Type: application/json\r\nX-Content-Type-Options: ${NO_SNIFF}\r\nContent-Security-Policy: ${DATA_ONLY_CSP}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
}

/** What status and message a node client error deserves. */
function classifyClientError(error: Error & { code?: string; rawPacket?: Buffer }): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      // The request line alone is past the URL limit (or did not even end): the URL is too long, not the headers.
      const firstLineEnd = error.rawPacket?.indexOf('\r\n') ?? -1
      return firstLineEnd === -1 || firstLineEnd > MAX_URL_LENGTH
        ? [414, `the request target is longer than ${MAX_URL_LENGTH} characters`]
        : [431, 'the request headers are larger than 16 KB']
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return [408, 'the request was not received in time']
    case 'HPE_INVALID_METHOD':
      return [400, 'the request method is not an HTTP method this server knows']
    default:
      return [400, 'the request is not valid HTTP/1.1']
  }
}

/** The server's `clientError` listener. */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const [status, message] = classifyClientError(error)
  socket.end(rawErrorResponse(status, message))
}

/**
 * Requests node refuses before the simulator sees them (too large, not HTTP, too slow, CONNECT, Expect),
 * answered in the documented JSON shape instead of node's bare answer or a dropped socket.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { reasonPhrase } from '../../contract/error-body.ts'
import { DATA_ONLY_CSP, NO_SNIFF } from '../../http/sim-request.ts'
import { MAX_BODY_BYTES } from '../../pipeline/validate-request.ts'

/** The longest request target the server reads; a longer one is a 414. */
export const MAX_URL_LENGTH = 8192

/** The raw HTTP/1.1 answer for a refused request, closing the connection. */
function rawErrorResponse(status: number, message: string, extraHeaders = ''): string {
  const body = JSON.stringify({ statusCode: String(status), error: reasonPhrase(status), message })
  return `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nContent-Type: application/json\r\nX-Content-Type-Options: ${NO_SNIFF}\r\nContent-Security-Policy: ${DATA_ONLY_CSP}\r\n${extraHeaders}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
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

/** The server's `connect` listener: the simulator is no proxy, so a CONNECT is a 405 (node would drop it). */
export function answerConnect(_request: IncomingMessage, socket: Duplex): void {
  socket.end(
    rawErrorResponse(
      405,
      'CONNECT is not supported: the simulator answers its API, it is not a proxy',
      'Allow: GET, HEAD, POST, PUT, DELETE, OPTIONS\r\n',
    ),
  )
}

/** Writes a refusal in the documented shape to `response` and closes the connection after it. */
function refuse(response: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ statusCode: String(status), error: reasonPhrase(status), message })
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-content-type-options': NO_SNIFF,
    'content-security-policy': DATA_ONLY_CSP,
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  })
  response.end(body)
}

/** The server's `checkExpectation` listener: an Expect other than 100-continue is a 417 (node's is bare). */
export function answerExpectation(request: IncomingMessage, response: ServerResponse): void {
  refuse(
    response,
    417,
    `the Expect header ${JSON.stringify(String(request.headers.expect).slice(0, 60))} is not supported: only 100-continue is`,
  )
}

/** A body the request declares larger than the server reads (its Content-Length). */
export function declaredTooLarge(request: IncomingMessage): boolean {
  const declared = request.headers['content-length']
  return declared !== undefined && Number(declared) > MAX_BODY_BYTES
}

/**
 * The server's `checkContinue` listener: a body declared over the limit is refused with 413 before
 * the client is told to send it (node would send 100 Continue and read it all first); any other
 * request is told to go on and handed to `handle`.
 */
export function continueOrRefuse(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (declaredTooLarge(request)) {
      refuse(response, 413, `body is larger than ${MAX_BODY_BYTES} bytes`)
      return
    }
    response.writeContinue()
    handle(request, response)
  }
}

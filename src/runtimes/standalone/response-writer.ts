/**
 * Writes a simulator answer to node: CORS, the answer's headers (with `nosniff` and the data-only
 * CSP on any answer without its own, so none can become a page), its bytes, or a destroyed socket
 * for a scenario's network error. It runs from setImmediate (see the server's listener), where a
 * throw would end the process, so headers node refuses are dropped rather than thrown.
 */
import { type IncomingMessage, type ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http'
import { DATA_ONLY_CSP, NO_SNIFF, type SimResponse } from '../../http/sim-request.ts'
import { corsHeaders } from './cors.ts'

export function send(
  request: IncomingMessage,
  response: ServerResponse,
  result: SimResponse,
  allowOrigin = true,
): void {
  // Answers are written a moment after they are ready (see the listener): one may already be out.
  if (response.headersSent || response.destroyed) return
  if (result.networkError) {
    response.socket?.destroy()
    return
  }
  const headers: Record<string, string | number> = corsHeaders(request, allowOrigin)
  for (const name in result.headers) headers[name] = result.headers[name]!
  // JSON answers carry these already (jsonHeaders); this covers every other one, so none can become a page.
  headers['x-content-type-options'] ??= NO_SNIFF
  headers['content-security-policy'] ??= DATA_ONLY_CSP
  // A cached body comes with its UTF-8 bytes: writing bytes spares encoding the string again.
  const body = result.encoded?.bytes ?? result.body
  if (body !== null) headers['content-length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
  try {
    response.writeHead(result.status, headers)
  } catch (error) {
    // Runs from setImmediate, where a throw would end the process for every client. Scenario headers
    // are checked when a scenario is loaded; this is the last guard: drop what node refuses.
    console.error(
      `[debt-token-simulator] dropped response headers node refuses: ${error instanceof Error ? error.message : String(error)}`,
    )
    try {
      response.writeHead(result.status, writableHeaders(headers))
    } catch {
      response.destroy()
      return
    }
  }
  response.end(body ?? undefined)
}

/** The headers node accepts: a name that is an HTTP token, a value without forbidden characters. */
function writableHeaders(headers: Record<string, string | number>): Record<string, string | number> {
  const kept: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(headers)) {
    try {
      validateHeaderName(name)
      validateHeaderValue(name, String(value))
      kept[name] = value
    } catch {
      // left out
    }
  }
  return kept
}

/** Writes a simulator answer to node: CORS, its headers and bytes, or a destroyed socket for a network error. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { DATA_ONLY_CSP, NO_SNIFF, type SimResponse } from '../../http/sim-request.ts'
import { statusPhrase } from '../../scenarios/status-phrases.ts'
import { corsHeaders } from './cors.ts'
import { nodeHttp } from './node-http.ts'

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
  // A cached body comes with its UTF-8 bytes, a proxied one in its pieces: writing those spares encoding again.
  const pieces = result.encoded?.pieces
  const body = pieces === undefined ? result.body : null
  if (pieces !== undefined) headers['content-length'] = result.encoded!.byteLength
  else if (body !== null) headers['content-length'] = Buffer.byteLength(body)
  const phrase = statusPhrase(result.status) || undefined // else node's own
  try {
    response.writeHead(result.status, phrase, headers)
  } catch (error) {
    // Runs from setImmediate, where a throw would end the process for every client. Scenario headers
    // are checked when a scenario is loaded; this is the last guard: drop what node refuses.
    console.error(
      `[debt-token-simulator] dropped response headers node refuses: ${error instanceof Error ? error.message : String(error)}`,
    )
    try {
      response.writeHead(result.status, phrase, writableHeaders(headers))
    } catch {
      response.destroy()
      return
    }
  }
  if (pieces === undefined) response.end(body ?? undefined)
  else {
    response.cork()
    for (const piece of pieces) response.write(piece)
    response.end()
  }
}

/** The headers node accepts: a name that is an HTTP token, a value without forbidden characters. */
function writableHeaders(headers: Record<string, string | number>): Record<string, string | number> {
  const kept: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(headers)) {
    try {
      nodeHttp.validateHeaderName(name)
      nodeHttp.validateHeaderValue(name, String(value))
      kept[name] = value
    } catch {
      // left out
    }
  }
  return kept
}

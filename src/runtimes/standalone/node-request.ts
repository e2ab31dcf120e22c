/**
 * node:http request → SimRequest, without building a Fetch Request: the body is read once, capped
 * at the size the pipeline accepts (a larger body is answered 413 without being buffered whole).
 */
import type { IncomingMessage } from 'node:http'
import { ApiError } from '../../http/api-error.ts'
import type { SimRequest } from '../../http/sim-request.ts'
import { MAX_BODY_BYTES } from '../../pipeline/validate-request.ts'
import { SESSION_HEADER } from '../../sessions/session-header.ts'

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data')
        request.resume()
        reject(new ApiError(413, `body is larger than ${MAX_BODY_BYTES} bytes`))
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () =>
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')),
    )
    // A client that leaves mid-body is no failure of the simulator: a 400 nobody reads, not a logged 500.
    request.on('error', (error: Error & { code?: string }) =>
      reject(
        error.code === 'ECONNRESET'
          ? new ApiError(400, 'the client closed the connection before its body arrived')
          : error,
      ),
    )
  })
}

/** The query of every request without one: shared, since the pipeline only ever reads queries. */
const NO_QUERY: URLSearchParams = new URLSearchParams()

/**
 * A node request as the pipeline sees it. A class, not an object literal: a literal with a getter
 * is built on V8's slow path, which measurably lengthened tail latency under load.
 */
class NodeSimRequest implements SimRequest {
  readonly method: string
  readonly path: string
  readonly #request: IncomingMessage
  readonly #url: string
  readonly #queryStart: number
  /** The session of the `sim-session` cookie, read as X-Sim-Session (session-cookie.ts). */
  readonly #cookieSession: string | undefined
  #query: URLSearchParams | undefined
  #body: Promise<string> | undefined

  constructor(request: IncomingMessage, method: string, cookieSession: string | undefined) {
    const url = originForm(request.url ?? '/')
    const q = url.indexOf('?')
    this.method = method
    this.path = q === -1 ? url : url.slice(0, q)
    this.#request = request
    this.#url = url
    this.#queryStart = q
    this.#cookieSession = cookieSession
  }

  /** Parsed on first use; most requests carry no query at all. */
  get query(): URLSearchParams {
    const q = this.#queryStart
    return (this.#query ??=
      q === -1 || q === this.#url.length - 1 ? NO_QUERY : new URLSearchParams(this.#url.slice(q + 1)))
  }

  header(name: string): string | null {
    // node keeps only the first of repeated Authorization headers; Fetch joins them with ", ".
    // Joined here too, so that the standalone server sees (and refuses) the value msw's runtimes see.
    if (name === 'authorization') {
      const all = this.#request.headersDistinct.authorization
      return all === undefined ? null : all.join(', ')
    }
    const value = this.#request.headers[name]
    if (value === undefined && name === SESSION_HEADER && this.#cookieSession !== undefined) return this.#cookieSession
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }

  text(): Promise<string> {
    return (this.#body ??= readBody(this.#request))
  }
}

/** The origin form of a request target: an absolute-form one (as proxies send) is routed by its path and query. */
export function originForm(target: string): string {
  if (target.startsWith('/')) return target
  const match = /^https?:\/\/[^/?#]*/i.exec(target)
  if (match === null) return target
  const rest = target.slice(match[0].length)
  return rest === '' || rest.startsWith('?') ? `/${rest}` : rest
}

/**
 * @param method the method the pipeline sees: a HEAD is answered as its GET, without the body.
 * @param cookieSession the session of the `sim-session` cookie, when the request sends no X-Sim-Session.
 */
export function fromNodeRequest(
  request: IncomingMessage,
  method = (request.method ?? 'GET').toUpperCase(),
  cookieSession?: string,
): SimRequest {
  return new NodeSimRequest(request, method, cookieSession)
}

/**
 * The forwarder of `serve --proxy <base-url>`: sends a routed request to the real service and answers
 * with its answer, checked against the contract. Failures are answered (504 on time-out, 502 with what
 * the service did), never thrown. Kept to one host under its base path, following no redirect (it would
 * carry credentials wherever the service points), passing a short list of headers each way: the answer
 * is served from the simulator's origin. `--token` is lent only to the callers the server admits
 * (`admitTokenCaller`). docs/proxy.md and decision 0011 give the rules.
 */
import { JsonTextError } from '../contract/json-text.ts'
import type { Operation } from '../contract/operations.ts'
import { ApiError, errorResponse } from '../http/api-error.ts'
import { DATA_ONLY_CSP, EncodedBody, NO_SNIFF, type SimRequest, type SimResponse } from '../http/sim-request.ts'
import type { ProxyReport } from '../observability/journal.ts'
import type { Forwarder } from '../pipeline/proxy-step.ts'
import { validateRequest } from '../pipeline/validate-request.ts'
import { headerRefusal, isJsonMediaType } from '../scenarios/response-headers.ts'
import { errorStatusPhrase } from '../scenarios/status-phrases.ts'
import { answerDrift } from './contract-drift.ts'
import { forwardedUrl } from './forwarded-path.ts'
import { PROXY_FAILURE_HEADER } from './proxy-failure.ts'
import {
  DEFAULT_PROXY_TIMEOUT_MS,
  forwards,
  type ProxyOptions,
  proxyBaseUrl,
  proxyOptionsProblem,
} from './proxy-options.ts'

/** Request headers forwarded besides Authorization: docs/proxy.md lists them, proxy-boundary.test.ts checks both. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'user-agent',
  'traceparent',
  'tracestate',
  'x-request-id',
  'x-correlation-id',
] as const

/**
 * Answer headers of the service's hop that the scenario rule (headerRefusal) does not already
 * refuse: those describe the service's connection, which is not this one.
 */
const HOP_HEADER = /^(?:proxy-.*|via)$/

/**
 * The largest answer body read from the service: about the largest list the contract allows. It bounds
 * the memory a request takes and the one step done whole, joining its text.
 */
export const MAX_UPSTREAM_BODY_BYTES = 32 * 1024 * 1024

/** What every forwarded request carries, and what tells a proxy that it is forwarding to itself. */
const VIA = '1.1 debt-token-simulator'

const PREVIEW = 200

class UpstreamFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The body as text and as the bytes it came in, read up to MAX_UPSTREAM_BODY_BYTES (then a 502): chunk
 * by chunk, so no step copies a large answer whole but the joining of its text.
 */
async function readCapped(answer: Response, describe: string): Promise<{ text: string; pieces: Uint8Array[] }> {
  if (answer.body === null) return { text: '', pieces: [] }
  const tooLarge = () =>
    new UpstreamFailure(502, `${describe} with a body larger than ${MAX_UPSTREAM_BODY_BYTES} bytes`)
  if (Number(answer.headers.get('content-length')) > MAX_UPSTREAM_BODY_BYTES) {
    await answer.body.cancel().catch(() => {})
    throw tooLarge() // refused as declared, before a byte of it is read
  }
  const reader = answer.body.getReader()
  const decoder = new TextDecoder()
  const parts: string[] = []
  const pieces: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_UPSTREAM_BODY_BYTES) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    parts.push(decoder.decode(value, { stream: true }))
    // A chunk that views a larger buffer is copied: kept as it is, it would keep (or see reused) the rest.
    pieces.push(value.byteLength === value.buffer.byteLength ? value : value.slice())
  }
  parts.push(decoder.decode())
  return { text: parts.join(''), pieces }
}

/** Why fetch failed, in a few words (`ECONNREFUSED`, `ENOTFOUND api.example.com`, a TLS error…). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  if (cause?.code !== undefined)
    return cause.message?.includes(cause.code) ? cause.message : `${cause.code} ${cause.message ?? ''}`.trim()
  return cause?.message ?? (error instanceof Error ? error.message : String(error))
}

/**
 * What the decompressor said when fetch could not decode the body its Content-Encoding names, or
 * undefined for any other failure: fetch reports it as `terminated` with the zlib error as cause.
 */
function decodingFailure(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause
  if (typeof cause?.code !== 'string' || !/^(?:Z_|ERR_BROTLI|ERR__ERROR|ERR_ZSTD)/.test(cause.code)) return undefined
  return typeof cause.message === 'string' && cause.message !== '' ? cause.message : cause.code
}

/** The start of a body, its whitespace folded; only the start is read, whatever the body's size. */
function preview(text: string): string {
  const flat = text
    .slice(0, PREVIEW * 8)
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length <= PREVIEW && text.length <= PREVIEW * 8 ? flat : `${flat.slice(0, PREVIEW)}…`
}

/** The headers the service gets: the short list, Via, and the client's Authorization or `--token`'s. */
function forwardedHeaders(request: SimRequest, token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { via: VIA }
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.header(name)
    if (value !== null) headers[name] = value
  }
  const authorization = token !== undefined ? `Bearer ${token}` : request.header('authorization')
  if (authorization !== null) headers.authorization = authorization
  return headers
}

/**
 * The service's answer headers the client gets: those a scenario rule may set, always labelled JSON
 * (another label could make the answer a page on the simulator's origin), under `nosniff` and the CSP.
 */
function answerHeaders(answer: Response, baseUrl: string, drift: number): Record<string, string> {
  const headers: Record<string, string> = {}
  answer.headers.forEach((value, name) => {
    if (name !== 'content-type' && !HOP_HEADER.test(name) && headerRefusal(name, value) === undefined)
      headers[name] = value
  })
  const contentType = answer.headers.get('content-type')
  headers['content-type'] = contentType !== null && isJsonMediaType(contentType) ? contentType : 'application/json'
  headers['x-content-type-options'] = NO_SNIFF
  headers['content-security-policy'] = DATA_ONLY_CSP
  headers['x-sim-upstream'] = baseUrl
  if (drift > 0) headers['x-sim-drift'] = String(drift)
  return headers
}

/**
 * @param admitTokenCaller with a token (`--token`), called before it is lent to a request: throws
 *   the refusal (a 403) for a caller that may not use it.
 */
export function createForwarder(
  options: ProxyOptions,
  admitTokenCaller: (request: SimRequest) => void = () => {},
): Forwarder {
  const problem = proxyOptionsProblem(options)
  if (problem !== undefined) throw new TypeError(`proxy: ${problem}`)
  const base = proxyBaseUrl(options.url) as { url: string }
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS
  const send = options.fetch ?? globalThis.fetch
  // Node's fetch loads its HTTP client on its first call, which can outlast a short --proxy-timeout:
  // loaded now (a data: URL sends nothing), so the time-out counts only the service's time.
  if (options.fetch === undefined) send('data:,').catch(() => {})

  async function forward(operation: Operation, params: Record<string, string>, request: SimRequest) {
    if ((request.header('via') ?? '').includes('debt-token-simulator'))
      throw new ApiError(
        508,
        `the request came back through this proxy: --proxy ${base.url} points at the simulator itself`,
        errorStatusPhrase(508),
        { [PROXY_FAILURE_HEADER]: '508' },
      )
    if (options.token !== undefined) admitTokenCaller(request)
    const url = forwardedUrl(base.url, operation, params, request.query)
    const bodyText = 'body' in operation ? await request.text() : '' // a body over the limit is the client's 413
    const drift: string[] = []
    try {
      validateRequest(operation, params, request.query, bodyText)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      drift.push(`request: ${error.message}`)
    }
    const headers = forwardedHeaders(request, options.token)
    const describe = `the service at ${base.url} answered ${operation.method} ${request.path}`
    let upstreamStatus: number | null = null
    try {
      const answer = await send(url, {
        method: operation.method,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        ...(bodyText !== '' && { body: bodyText }),
      })
      upstreamStatus = answer.status
      if (answer.status >= 300 && answer.status < 400) {
        await answer.body?.cancel().catch(() => {})
        const location = answer.headers.get('location')
        drift.push(
          `status ${answer.status} is a redirect${location === null ? '' : ` to ${location}`}, which the contract never answers`,
        )
        throw new UpstreamFailure(
          502,
          `${describe} with a redirect (${answer.status}${location === null ? '' : ` to ${location}`}): the proxy forwards to ${base.url} only and follows no redirect`,
        )
      }
      let read: Awaited<ReturnType<typeof readCapped>>
      try {
        read = await readCapped(answer, describe)
      } catch (error) {
        // The service answered: a body its Content-Encoding does not decode is its fault, said as such.
        const undecodable = decodingFailure(error)
        if (undecodable === undefined) throw error
        const encoding = `content-encoding ${answer.headers.get('content-encoding') ?? 'missing'}`
        drift.push(`the answer (${answer.status}) has a body that could not be decoded (${encoding})`)
        throw new UpstreamFailure(
          502,
          `${describe} with ${answer.status} and a body that could not be decoded (${encoding}: ${undecodable})`,
        )
      }
      const { text, pieces } = read
      const contentType = answer.headers.get('content-type')
      try {
        drift.push(...(await answerDrift(operation, answer.status, contentType, text)))
      } catch (error) {
        if (!(error instanceof JsonTextError)) throw error
        const what = `a body that is not JSON (content-type ${contentType ?? 'missing'})`
        drift.push(`the answer (${answer.status}) has ${what}`)
        throw new UpstreamFailure(
          502,
          `${describe} with ${answer.status} and ${what}${text.trim() === '' ? ', empty' : `: ${preview(text)}`}`,
        )
      }
      const response: SimResponse = {
        status: answer.status,
        headers: answerHeaders(answer, base.url, drift.length),
        body: text,
        encoded: new EncodedBody(text, pieces),
      }
      return { response, report: { url, status: upstreamStatus, drift } satisfies ProxyReport }
    } catch (error) {
      const failure =
        error instanceof UpstreamFailure
          ? error
          : (error as Error).name === 'TimeoutError'
            ? new UpstreamFailure(
                504,
                `the service at ${base.url} did not answer ${operation.method} ${request.path} within ${timeoutMs} ms (--proxy-timeout)`,
              )
            : new UpstreamFailure(
                502,
                `the service at ${base.url} could not be reached for ${operation.method} ${request.path}: ${networkReason(error)}`,
              )
      const response = errorResponse(
        new ApiError(failure.status, failure.message, errorStatusPhrase(failure.status), {
          'x-sim-upstream': base.url,
          [PROXY_FAILURE_HEADER]: String(failure.status),
        }),
      )
      return {
        response,
        report: { url, status: upstreamStatus, drift, failure: failure.message } satisfies ProxyReport,
      }
    }
  }

  return {
    url: base.url,
    secrets: options.token === undefined ? [] : [options.token],
    forwards: (operation) => forwards(options, operation),
    forward,
  }
}

/**
 * The request and response the pipeline works on, independent of any runtime: msw handlers wrap a
 * Fetch Request in it, the standalone server wraps node's IncomingMessage without building one.
 */

export interface SimRequest {
  /** Upper-case method. */
  readonly method: string
  /** The URL path, still percent-encoded, without the query. */
  readonly path: string
  readonly query: URLSearchParams
  /** A request header by lower-case name; null when absent. */
  header(name: string): string | null
  /** The body as text ('' when there is none); may be called again (scenario rules read it too). */
  text(): Promise<string>
}

export interface SimResponse {
  status: number
  headers: Record<string, string>
  /** The serialized body; null for none. */
  body: string | null
  /** Set by a scenario: the runtime fails the request at the network level instead of answering. */
  networkError?: boolean
  /** The same body as UTF-8 bytes, when the pipeline keeps them, for a runtime that writes bytes to send. */
  encoded?: EncodedBody
}

/**
 * A body that encodes itself to UTF-8 once, on first use; or one whose bytes came first, in the pieces they
 * arrived in (a proxied answer), written as they are so that a large body is never copied whole.
 */
export class EncodedBody {
  #bytes: Uint8Array | undefined
  readonly #pieces: readonly Uint8Array[] | undefined

  constructor(
    readonly text: string,
    pieces?: readonly Uint8Array[],
  ) {
    this.#pieces = pieces
  }

  get bytes(): Uint8Array {
    if (this.#bytes !== undefined) return this.#bytes
    if (this.#pieces === undefined) return (this.#bytes = new TextEncoder().encode(this.text))
    const bytes = new Uint8Array(this.byteLength)
    let at = 0
    for (const piece of this.#pieces) {
      bytes.set(piece, at)
      at += piece.byteLength
    }
    return (this.#bytes = bytes)
  }

  /** The bytes in the pieces they came in, or whole. */
  get pieces(): readonly Uint8Array[] {
    return this.#pieces ?? [this.bytes]
  }

  get byteLength(): number {
    return this.#pieces === undefined
      ? this.bytes.byteLength
      : this.#pieces.reduce((sum, piece) => sum + piece.byteLength, 0)
  }
}

// What keeps an answer data rather than a page, whatever a browser guesses: no MIME sniffing, and a policy
// under which a document made of it could run, load and be framed by nothing.
export const NO_SNIFF = 'nosniff'
export const DATA_ONLY_CSP = "default-src 'none'; frame-ancestors 'none'"

/** The headers of a JSON answer, fresh for each one: a literal, which is cheaper than spreading a frozen object. */
export function jsonHeaders(): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-content-type-options': NO_SNIFF,
    'content-security-policy': DATA_ONLY_CSP,
  }
}

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze(jsonHeaders())

/** Adapts a Fetch API Request (msw, browsers) to a SimRequest; `basePathLength` is the base URL's part of the path. */
export function fromFetchRequest(request: Request, basePathLength = 0): SimRequest {
  const url = new URL(request.url)
  let body: Promise<string> | undefined
  return {
    method: request.method.toUpperCase(),
    path: basePathLength === 0 ? url.pathname : url.pathname.slice(basePathLength),
    query: url.searchParams,
    header: (name) => request.headers.get(name),
    text: () => (body ??= request.text()), // a Fetch body can be read once
  }
}

/** A JSON answer: `body` serialized, with the JSON content type and any extra headers. */
export function jsonResponse(status: number, body: unknown, headers?: Readonly<Record<string, string>>): SimResponse {
  return {
    status,
    headers: headers === undefined ? jsonHeaders() : { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(body),
  }
}

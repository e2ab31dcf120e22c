/**
 * The journal: a bounded ring buffer of recent requests and their replies, for QA and frontend
 * developers asking "what did my app send, and what came back?". Old entries fall off, so memory
 * stays flat under load (WireMock's unbounded journal is the cautionary tale).
 *
 * Recording is on every request's path, so it stores what it is given as it is (a number for the
 * time, the body strings) and does the formatting when someone reads the journal. The one thing it
 * never stores as given is the request's `Authorization`: its credential is masked as it arrives
 * (credential-labels.ts), so no entry, listener, live event or log line ever holds it.
 */
import type { OperationId } from '../contract/operations.ts'
import { CredentialLabels } from './credential-labels.ts'

/** What the proxy (`serve --proxy`) did with a forwarded request: where it went, and how the answer departs from the contract. */
export interface ProxyReport {
  /** The URL the request was forwarded to. */
  readonly url: string
  /** The service's status; null when it did not answer (refused, timed out). */
  readonly status: number | null
  /** How the request or the service's answer departs from the contract, one line each (empty: none). */
  readonly drift: string[]
  /** Why the proxy answered 502/504 instead of the service's answer. */
  readonly failure?: string
}

export interface JournalEntry {
  /** 1, 2, 3… over the simulator's life; gaps show what fell off. */
  readonly seq: number
  /** Wall-clock time the request arrived (not the simulated clock). */
  readonly at: string
  readonly method: string
  readonly path: string
  readonly query: string
  /** The operation id, or null when no operation matched. */
  readonly operation: OperationId | null
  readonly status: number
  readonly durationMs: number
  readonly scenario: string | null
  readonly session: string | null
  /**
   * The request headers that shape an answer (JOURNALED_REQUEST_HEADERS), by lower-case name; the
   * credential of `authorization` masked: `Bearer ***1`, `***2` … one number per distinct credential.
   */
  readonly requestHeaders: Readonly<Record<string, string>>
  readonly responseHeaders: Readonly<Record<string, string>>
  /** Request and response bodies, cut at BODY_LIMIT characters. */
  readonly requestBody: string | null
  readonly responseBody: string | null
  /**
   * The wallet address the simulator took the Bearer token for, on a request it authenticated;
   * null for one forwarded, or answered by a scenario or the Bearer check first. Who acted,
   * without the token.
   */
  readonly caller: string | null
  /** Present when the request was forwarded to the real service (`serve --proxy`). */
  readonly proxy?: ProxyReport
}

/**
 * The request headers the journal keeps: what decides an answer and what a replayed or copied
 * request needs (other headers are left out, so an entry stays small). `Journal.record` masks the
 * credential of `authorization`.
 */
const JOURNALED_REQUEST_HEADERS = ['authorization', 'content-type', 'x-sim-session', 'x-sim-scenario'] as const

/** The journaled headers a request carries, read through its `header(name)`. */
export function journaledHeaders(header: (name: string) => string | null): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of JOURNALED_REQUEST_HEADERS) {
    const value = header(name)
    if (value !== null) headers[name] = value
  }
  return headers
}

/** What the pipeline records: an entry before numbering, with the time as epoch milliseconds. */
export interface JournalInput extends Omit<JournalEntry, 'seq' | 'at'> {
  readonly atMs: number
}

export interface JournalFilter {
  /** Only the requests of this operation (an operation id: a typo does not compile). */
  operation?: OperationId | undefined
  status?: number | undefined
  session?: string | undefined
  /** The newest `limit` matching entries. */
  limit?: number | undefined
  /** Only the entries numbered below this `seq` (paging back from the first entry of a page). */
  before?: number | undefined
}

export const DEFAULT_JOURNAL_CAPACITY = 500
const BODY_LIMIT = 4096
/** How a cut body ends: `…[123 more]`. */
const CUT_MARK = /…\[\d+ more\]$/

/** Whether a journaled body was cut at BODY_LIMIT characters (it then is not the whole body). */
export function isCutBody(text: string | null): boolean {
  return text !== null && text.length > BODY_LIMIT && CUT_MARK.test(text)
}

/**
 * Keeps at most BODY_LIMIT characters of a body. Short bodies are kept as they are; a long one is
 * copied (a plain slice would point into, and so keep alive, the whole response body). The last
 * long body and its cut are remembered: a polled list answers with the very same string each time,
 * and copying its first characters again for every answer would be a large share of a list GET.
 */
class BodyCutter {
  #lastText: string | null = null
  #lastCut: string | null = null

  cut(text: string | null): string | null {
    if (text === null || text.length <= BODY_LIMIT) return text
    if (text !== this.#lastText) {
      this.#lastText = text
      this.#lastCut = ` ${text.slice(0, BODY_LIMIT)}…[${text.length - BODY_LIMIT} more]`.slice(1)
    }
    return this.#lastCut
  }

  forget(): void {
    this.#lastText = this.#lastCut = null
  }
}

/** One stored entry: the input with its number and its bodies cut (the uncut ones are not kept). */
export type StoredEntry = JournalInput & { readonly seq: number }

/** A stored entry as the journal shows it. */
export function toEntry({ atMs, seq, ...rest }: StoredEntry): JournalEntry {
  return { seq, at: new Date(atMs).toISOString(), ...rest }
}

/** Tells journals apart across restarts, so a client's last seen `epoch` never matches a new one's. */
const instance = Date.now().toString(36)
let journals = 0

export class Journal {
  readonly #entries: (StoredEntry | undefined)[]
  readonly #cutter = new BodyCutter()
  /** Kept across `clear()`: a number names the same credential for the journal's life. */
  readonly #credentials = new CredentialLabels()
  readonly #id = `${instance}.${++journals}`
  #clears = 0
  #next = 0
  #seq = 0

  constructor(readonly capacity: number = DEFAULT_JOURNAL_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`journal capacity must be a positive integer, got ${capacity}`)
    this.#entries = new Array(capacity)
  }

  /**
   * Stores one exchange, its `authorization` masked; returns what was stored (`toEntry` shows it,
   * for listeners that want it now).
   */
  record(input: JournalInput): StoredEntry {
    const authorization = input.requestHeaders.authorization
    // Field by field, not `{ ...input, … }`: a spread that then overrides fields takes V8's slow
    // object-cloning path, and this runs on every request.
    const stored: StoredEntry = {
      atMs: input.atMs,
      method: input.method,
      path: input.path,
      query: input.query,
      operation: input.operation,
      status: input.status,
      durationMs: input.durationMs,
      scenario: input.scenario,
      session: input.session,
      caller: input.caller,
      requestHeaders:
        authorization === undefined
          ? input.requestHeaders
          : { ...input.requestHeaders, authorization: this.#credentials.mask(authorization) },
      responseHeaders: input.responseHeaders,
      requestBody: this.#cutter.cut(input.requestBody),
      responseBody: this.#cutter.cut(input.responseBody),
      seq: ++this.#seq,
    }
    // Set only on forwarded requests, so the entries of a simulator that does not proxy keep their shape.
    if (input.proxy !== undefined) (stored as { proxy?: ProxyReport }).proxy = input.proxy
    this.#entries[this.#next] = stored
    this.#next = (this.#next + 1) % this.capacity
    return stored
  }

  /** Matching entries, oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const ordered: StoredEntry[] = []
    for (let i = 0; i < this.capacity; i++) {
      const stored = this.#entries[(this.#next + i) % this.capacity]
      if (stored === undefined) continue
      if (filter.operation !== undefined && stored.operation !== filter.operation) continue
      if (filter.status !== undefined && stored.status !== filter.status) continue
      if (filter.session !== undefined && stored.session !== filter.session) continue
      if (filter.before !== undefined && stored.seq >= filter.before) continue
      ordered.push(stored)
    }
    return (filter.limit === undefined ? ordered : ordered.slice(-filter.limit)).map(toEntry)
  }

  /**
   * The stored entries numbered after `seq`, oldest first (what a client that saw up to `seq`
   * missed and the ring still holds), at most `limit` of them.
   */
  after(seq: number, limit = Number.POSITIVE_INFINITY): JournalEntry[] {
    const entries: JournalEntry[] = []
    for (let i = 0; i < this.capacity && entries.length < limit; i++) {
      const stored = this.#entries[(this.#next + i) % this.capacity]
      if (stored !== undefined && stored.seq > seq) entries.push(toEntry(stored))
    }
    return entries
  }

  /**
   * Names this journal's numbering: it changes when the journal is emptied (numbers start again
   * at 1), so `epoch` and `seq` together name one entry for good.
   */
  get epoch(): string {
    return `${this.#id}.${this.#clears}`
  }

  /** How many requests were recorded since the journal was created or cleared (including those that fell off). */
  get total(): number {
    return this.#seq
  }

  clear(): void {
    this.#entries.fill(undefined)
    this.#cutter.forget()
    this.#next = 0
    this.#seq = 0
    this.#clears++
  }
}

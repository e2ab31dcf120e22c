/**
 * The journal: a bounded ring buffer of recent requests and their replies; old entries fall off, so memory stays
 * flat. It stores what it is given and formats on read, but never a credential as given: `Authorization`
 * (credential-labels.ts), credential query parameters and secret-named JSON fields (domain/credentials.ts), and the
 * proxy's own token wherever the service echoed it, so no entry, listener, live event, export or log line holds them.
 */
import type { OperationId } from '../contract/operations.ts'
import { maskedHeaderValues, maskedJsonSecrets, maskedLiterals, maskedQuery } from '../domain/credentials.ts'
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
  /** Request and response bodies, cut at the journal's body limit (its `bodyLimit` characters). */
  readonly requestBody: string | null
  readonly responseBody: string | null
  /**
   * The wallet address the simulator took the Bearer token for, on a request it authenticated; null for one
   * forwarded, or answered by a scenario or the Bearer check first.
   */
  readonly caller: string | null
  /** Present when the request was forwarded to the real service (`serve --proxy`). */
  readonly proxy?: ProxyReport
}

// The request headers that decide an answer or that a replayed request needs (the rest are left out, so an entry
// stays small); `Journal.record` masks the credential of `authorization`.
const JOURNALED_REQUEST_HEADERS = ['authorization', 'content-type', 'x-sim-session', 'x-sim-scenario'] as const

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
  /**
   * The newest entries whose bodies add up to at most this many characters (at least one entry), so an answer
   * stays small whatever bodies the journal keeps; page back with `before`.
   */
  maxBodyChars?: number | undefined
}

export const DEFAULT_JOURNAL_CAPACITY = 500
/** The characters of a body kept unless told otherwise, and the least allowed: a body this short is never cut. */
export const DEFAULT_JOURNAL_BODY_LIMIT = 4096
/** The most a journal may keep of one body (a full answer of a large list, for a HAR export). */
export const MAX_JOURNAL_BODY_LIMIT = 1024 * 1024
/** The most characters of bodies held in all, so that no client can grow the journal past it by what it posts. */
export const MAX_JOURNAL_BODY_CHARS = 32 * 1024 * 1024
/** How a cut body ends: `…[123 more]`. */
const CUT_MARK = /…\[\d+ more\]$/

/** Whether a journaled body was cut (it then is not the whole body). */
export function isCutBody(text: string | null): boolean {
  return text !== null && text.length > DEFAULT_JOURNAL_BODY_LIMIT && CUT_MARK.test(text)
}

/**
 * Keeps at most `limit` characters of a body. A long one is copied, since a plain slice would keep the whole body
 * alive, and its cut is remembered: a polled list answers with the very same string each time.
 */
class BodyCutter {
  #lastText: string | null = null
  #lastCut: string | null = null

  constructor(readonly limit: number) {}

  cut(text: string | null): string | null {
    if (text === null || text.length <= this.limit) return text
    if (text !== this.#lastText) {
      this.#lastText = text
      this.#lastCut = ` ${text.slice(0, this.limit)}…[${text.length - this.limit} more]`.slice(1)
    }
    return this.#lastCut
  }

  forget(): void {
    this.#lastText = this.#lastCut = null
  }
}

/** The newest of `entries` (oldest first) whose bodies fit in `budget` characters, at least one. */
function withinBodyBudget(entries: StoredEntry[], budget: number | undefined): StoredEntry[] {
  if (budget === undefined) return entries
  let used = 0
  let first = entries.length
  while (first > 0) {
    const entry = entries[first - 1]!
    used += (entry.requestBody?.length ?? 0) + (entry.responseBody?.length ?? 0)
    if (used > budget && first < entries.length) break
    first--
  }
  return entries.slice(first)
}

const bodyCharsOf = (entry: StoredEntry) => (entry.requestBody?.length ?? 0) + (entry.responseBody?.length ?? 0)

/** One stored entry: the input with its number and its bodies cut (the uncut ones are not kept). */
export type StoredEntry = JournalInput & { readonly seq: number }

export function toEntry({ atMs, seq, ...rest }: StoredEntry): JournalEntry {
  return { seq, at: new Date(atMs).toISOString(), ...rest }
}

/** Tells journals apart across restarts, so a client's last seen `epoch` never matches a new one's. */
const instance = Date.now().toString(36)
let journals = 0

export class Journal {
  readonly #entries: (StoredEntry | undefined)[]
  readonly #cutter: BodyCutter
  /** Kept across `clear()`: a number names the same credential for the journal's life. */
  readonly #credentials = new CredentialLabels()
  readonly #id = `${instance}.${++journals}`
  #clears = 0
  #next = 0
  #seq = 0
  /** How many of the oldest slots, counted from `#next`, hold no entry (never written, or fallen off for the body total). */
  #emptyOldest: number
  /** The characters of the bodies held, against MAX_JOURNAL_BODY_CHARS. */
  #bodyChars = 0
  readonly #maxBodyChars: number
  readonly #secrets: readonly string[]

  /**
   * @param secrets what a forwarded exchange must not show wherever it occurs, each written `***`:
   *   the proxy's `--token`, which the service may echo in its answer.
   */
  constructor(
    readonly capacity: number = DEFAULT_JOURNAL_CAPACITY,
    readonly bodyLimit: number = DEFAULT_JOURNAL_BODY_LIMIT,
    maxBodyChars = MAX_JOURNAL_BODY_CHARS,
    secrets: readonly string[] = [],
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`journal capacity must be a positive integer, got ${capacity}`)
    if (!Number.isInteger(bodyLimit) || bodyLimit < DEFAULT_JOURNAL_BODY_LIMIT || bodyLimit > MAX_JOURNAL_BODY_LIMIT)
      throw new Error(
        `journal body limit must be a whole number of characters from ${DEFAULT_JOURNAL_BODY_LIMIT} to ${MAX_JOURNAL_BODY_LIMIT}, got ${bodyLimit}`,
      )
    this.#entries = new Array(capacity)
    this.#cutter = new BodyCutter(bodyLimit)
    this.#emptyOldest = capacity
    this.#maxBodyChars = maxBodyChars
    this.#secrets = secrets.filter((secret) => secret !== '')
  }

  /** The body total held, in characters (at most MAX_JOURNAL_BODY_CHARS). */
  get bodyChars(): number {
    return this.#bodyChars
  }

  /** Stores one exchange, its `authorization` masked; returns what was stored (`toEntry` shows it). */
  record(given: JournalInput): StoredEntry {
    const input =
      given.proxy !== undefined && this.#secrets.length > 0 ? this.#withoutSecrets(given, given.proxy) : given
    const authorization = input.requestHeaders.authorization
    // Field by field, not `{ ...input, … }`: a spread that then overrides fields takes V8's slow cloning path.
    const stored: StoredEntry = {
      atMs: input.atMs,
      method: input.method,
      path: input.path,
      query: maskedQuery(input.query),
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
      requestBody: this.#cutter.cut(maskedJsonSecrets(input.requestBody)),
      // The simulator's own answers hold no credential; a real service's, forwarded, may echo one.
      responseBody: this.#cutter.cut(
        input.proxy === undefined ? input.responseBody : maskedJsonSecrets(input.responseBody),
      ),
      seq: ++this.#seq,
    }
    // Set only on forwarded requests, so the entries of a simulator that does not proxy keep their shape.
    if (input.proxy !== undefined) (stored as { proxy?: ProxyReport }).proxy = input.proxy
    const replaced = this.#entries[this.#next]
    if (replaced === undefined) this.#emptyOldest--
    else this.#bodyChars -= bodyCharsOf(replaced)
    this.#entries[this.#next] = stored
    this.#next = (this.#next + 1) % this.capacity
    this.#bodyChars += bodyCharsOf(stored)
    // The oldest entries fall off until the bodies fit (the newest always stays: one entry's bodies fit).
    while (this.#bodyChars > this.#maxBodyChars && this.#emptyOldest < this.capacity - 1) {
      const oldest = (this.#next + this.#emptyOldest) % this.capacity
      this.#bodyChars -= bodyCharsOf(this.#entries[oldest]!)
      this.#entries[oldest] = undefined
      this.#emptyOldest++
    }
    return stored
  }

  /** A forwarded exchange with each of the secrets written `***` in every text it holds. */
  #withoutSecrets(input: JournalInput, proxy: ProxyReport): JournalInput {
    const hide = (text: string) => maskedLiterals(text, this.#secrets)
    const hideAll = (headers: Readonly<Record<string, string>>) => maskedHeaderValues(headers, this.#secrets)
    return {
      ...input,
      path: hide(input.path),
      query: hide(input.query),
      requestHeaders: hideAll(input.requestHeaders),
      responseHeaders: hideAll(input.responseHeaders),
      requestBody: input.requestBody === null ? null : hide(input.requestBody),
      responseBody: input.responseBody === null ? null : hide(input.responseBody),
      proxy: {
        ...proxy,
        url: hide(proxy.url),
        drift: proxy.drift.map(hide),
        ...(proxy.failure !== undefined && { failure: hide(proxy.failure) }),
      },
    }
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
    const newest = filter.limit === undefined ? ordered : ordered.slice(-filter.limit)
    return withinBodyBudget(newest, filter.maxBodyChars).map(toEntry)
  }

  /** The entries numbered after `seq` that the ring still holds, oldest first, at most `limit` of them. */
  after(seq: number, limit = Number.POSITIVE_INFINITY): JournalEntry[] {
    const entries: JournalEntry[] = []
    for (let i = 0; i < this.capacity && entries.length < limit; i++) {
      const stored = this.#entries[(this.#next + i) % this.capacity]
      if (stored !== undefined && stored.seq > seq) entries.push(toEntry(stored))
    }
    return entries
  }

  /** Names this journal's numbering, which restarts when it is emptied: `epoch` and `seq` name one entry for good. */
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
    this.#emptyOldest = this.capacity
    this.#bodyChars = 0
    this.#next = 0
    this.#seq = 0
    this.#clears++
  }
}

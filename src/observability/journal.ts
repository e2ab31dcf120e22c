/**
 * The journal: a bounded ring buffer of recent requests and their replies, for QA and frontend
 * developers asking "what did my app send, and what came back?". Old entries fall off, so memory
 * stays flat under load (WireMock's unbounded journal is the cautionary tale).
 */

export interface JournalEntry {
  /** 1, 2, 3… over the simulator's life; gaps show what fell off. */
  readonly seq: number
  /** Wall-clock time the request arrived (not the simulated clock). */
  readonly at: string
  readonly method: string
  readonly path: string
  readonly query: string
  /** The operation id, or null when no operation matched. */
  readonly operation: string | null
  readonly status: number
  readonly durationMs: number
  readonly scenario: string | null
  readonly session: string | null
  /** Request and response bodies, cut at BODY_LIMIT characters. */
  readonly requestBody: string | null
  readonly responseBody: string | null
}

export interface JournalFilter {
  operation?: string | undefined
  status?: number | undefined
  session?: string | undefined
  /** The newest `limit` matching entries. */
  limit?: number | undefined
}

export const DEFAULT_JOURNAL_CAPACITY = 500
const BODY_LIMIT = 4096

/**
 * Keeps at most BODY_LIMIT characters of a body. Short bodies are kept as they are; a long one is
 * copied (a plain slice would point into, and so keep alive, the whole response body).
 */
function cut(text: string | null): string | null {
  if (text === null || text.length <= BODY_LIMIT) return text
  return ` ${text.slice(0, BODY_LIMIT)}…[${text.length - BODY_LIMIT} more]`.slice(1)
}

export class Journal {
  readonly #entries: (JournalEntry | undefined)[]
  #next = 0
  #seq = 0

  constructor(readonly capacity: number = DEFAULT_JOURNAL_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`journal capacity must be a positive integer, got ${capacity}`)
    this.#entries = new Array(capacity)
  }

  record(entry: Omit<JournalEntry, 'seq'>): JournalEntry {
    const stored: JournalEntry = { ...entry, seq: ++this.#seq, requestBody: cut(entry.requestBody), responseBody: cut(entry.responseBody) }
    this.#entries[this.#next] = stored
    this.#next = (this.#next + 1) % this.capacity
    return stored
  }

  /** Matching entries, oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const ordered: JournalEntry[] = []
    for (let i = 0; i < this.capacity; i++) {
      const entry = this.#entries[(this.#next + i) % this.capacity]
      if (entry === undefined) continue
      if (filter.operation !== undefined && entry.operation !== filter.operation) continue
      if (filter.status !== undefined && entry.status !== filter.status) continue
      if (filter.session !== undefined && entry.session !== filter.session) continue
      ordered.push(entry)
    }
    return filter.limit === undefined ? ordered : ordered.slice(-filter.limit)
  }

  /** How many requests were recorded since the journal was created or cleared (including those that fell off). */
  get total(): number {
    return this.#seq
  }

  clear(): void {
    this.#entries.fill(undefined)
    this.#next = 0
    this.#seq = 0
  }
}

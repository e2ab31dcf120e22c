/** Sessions: named, isolated copies of the simulator's state, created on first use, expired when idle, capped. */
import { ApiError } from '../http/api-error.ts'

/** 1-64 of the characters a URL path segment keeps as they are, except `.` and `..`, which a URL cannot carry as one. */
export const SESSION_ID_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._~-]{1,64}$/
/** SESSION_ID_PATTERN in words, for a message. */
export const SESSION_RULE = '1-64 characters of A-Z a-z 0-9 . _ ~ -'

/** Throws the 400 a malformed session id (the empty one included) gets, wherever it is named. */
export function assertSessionId(id: string): void {
  if (!SESSION_ID_PATTERN.test(id))
    throw ApiError.badRequest(
      'header X-Sim-Session must be 1-64 characters of A-Z a-z 0-9 . _ ~ -, other than . and ..',
    )
}

const DEFAULT_SESSION_LIMIT = 100
const DEFAULT_SESSION_IDLE_MS = 30 * 60_000

export interface SessionOptions {
  limit?: number
  idleMs?: number
  /** Wall-clock source for idle expiry (tests pass their own). */
  now?: () => number
}

export interface SessionInfo {
  id: string
  createdAt: string
  lastUsedAt: string
}

interface Entry<State> {
  state: State
  createdAt: number
  lastUsedAt: number
}

export class SessionRegistry<State> {
  readonly #sessions = new Map<string, Entry<State>>()
  readonly limit: number
  readonly idleMs: number
  readonly #now: () => number

  constructor(
    private readonly create: (id: string) => State,
    options: SessionOptions = {},
  ) {
    this.limit = options.limit ?? DEFAULT_SESSION_LIMIT
    this.idleMs = options.idleMs ?? DEFAULT_SESSION_IDLE_MS
    // Read Date.now at each call, not once: a test that fakes the date (vi.useFakeTimers) moves it.
    this.#now = options.now ?? (() => Date.now())
  }

  /** The state of session `id`, created on first use. Throws a 400 for a malformed id, 429 when full. */
  get(id: string): State {
    assertSessionId(id)
    const now = this.#now()
    this.expire(now)
    const existing = this.#sessions.get(id)
    if (existing !== undefined) {
      existing.lastUsedAt = now
      return existing.state
    }
    if (this.#sessions.size >= this.limit) {
      throw new ApiError(
        429,
        `session limit reached (${this.limit} sessions): end one with DELETE /__sim/sessions/{id}, wait for idle sessions to expire (${Math.round(this.idleMs / 1000)} s), or start the server with a higher --session-limit`,
      )
    }
    const state = this.create(id)
    this.#sessions.set(id, { state, createdAt: now, lastUsedAt: now })
    return state
  }

  /** The state of an existing session, without touching it. */
  peek(id: string): State | undefined {
    this.expire(this.#now())
    return this.#sessions.get(id)?.state
  }

  delete(id: string): boolean {
    return this.#sessions.delete(id)
  }

  clear(): void {
    this.#sessions.clear()
  }

  list(): SessionInfo[] {
    this.expire(this.#now())
    return [...this.#sessions].map(([id, entry]) => ({
      id,
      createdAt: new Date(entry.createdAt).toISOString(),
      lastUsedAt: new Date(entry.lastUsedAt).toISOString(),
    }))
  }

  get size(): number {
    return this.#sessions.size
  }

  /** Drops sessions idle for longer than idleMs. */
  expire(now: number = this.#now()): void {
    for (const [id, entry] of this.#sessions) if (now - entry.lastUsedAt > this.idleMs) this.#sessions.delete(id)
  }
}

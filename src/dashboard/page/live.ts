/** The live feed: one EventSource on `GET /__sim/events` for the page, keeping at most MAX_ENTRIES. */
import type { Entry, ServerEvent } from './types.ts'

/** The most entries the page keeps (the server's ring buffer is separate and usually smaller). */
const MAX_ENTRIES = 20_000

/** How long the page waits before it opens a new event source after the browser gave one up. */
const RESTART_MS = 2000

/** How long events gather before the page renders them. */
const FLUSH_MS = 60

type Connection = 'connecting' | 'live' | 'reconnecting'

type Listener = () => void

class LiveFeed {
  entries: Entry[] = []
  /** Entries that fell off the server's journal before this page saw them, or were dropped here. */
  dropped = 0
  connection: Connection = 'connecting'
  /** Bumped on every change of `entries`: the journal panel's memo key. */
  version = 0
  #epoch: string | null = null
  #lastSeq = 0
  #pending: Entry[] = []
  #flushScheduled = false
  readonly #listeners = new Set<Listener>()
  /** Called on activity: exchanges (scenario counters move) and control changes. */
  readonly #activity = new Set<(kind: 'exchange' | 'control') => void>()
  #source: EventSource | undefined

  start(): void {
    if (this.#source !== undefined) return
    const source = new EventSource('/__sim/events')
    this.#source = source
    source.onopen = () => this.#setConnection('live')
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) {
        this.#setConnection('reconnecting') // the browser tries again by itself
        return
      }
      // The browser gives up for good on an answer that is not a 200 event stream (a server
      // restarting, say): start a new source after a moment.
      this.#setConnection('connecting')
      this.#source = undefined
      setTimeout(() => this.start(), RESTART_MS)
    }
    source.onmessage = (message: MessageEvent<string>) => this.#receive(JSON.parse(message.data) as ServerEvent)
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  onActivity(listener: (kind: 'exchange' | 'control') => void): () => void {
    this.#activity.add(listener)
    return () => void this.#activity.delete(listener)
  }

  get(): LiveFeed {
    return this
  }

  #setConnection(connection: Connection): void {
    if (this.connection === connection) return
    this.connection = connection
    this.#notify()
  }

  #receive(event: ServerEvent): void {
    switch (event.type) {
      case 'hello':
        if (event.epoch !== this.#epoch) this.#clear()
        this.#epoch = event.epoch
        this.#setConnection('live')
        return
      case 'clear':
        this.#clear()
        return
      case 'gap':
        this.dropped += event.missed
        return
      case 'exchange':
        if (event.entry.seq <= this.#lastSeq) return // already here (a reconnection sent it again)
        this.#lastSeq = event.entry.seq
        this.#pending.push(event.entry)
        this.#scheduleFlush()
        for (const listener of this.#activity) listener('exchange')
        return
      case 'control':
        for (const listener of this.#activity) listener('control')
        return
    }
  }

  #clear(): void {
    this.entries = []
    this.#pending = []
    this.#lastSeq = 0
    this.dropped = 0
    this.version++
    this.#notify()
  }

  /** Many events arrive together under load: they are added, and rendered, in batches. */
  #scheduleFlush(): void {
    if (this.#flushScheduled) return
    this.#flushScheduled = true
    // A timer rather than a frame: a tab in the background still takes them in (once a second).
    setTimeout(() => {
      this.#flushScheduled = false
      if (this.#pending.length === 0) return
      const next = this.entries.concat(this.#pending)
      this.#pending = []
      const over = next.length - MAX_ENTRIES
      this.entries = over > 0 ? next.slice(over) : next
      if (over > 0) this.dropped += over
      this.version++
      this.#notify()
    }, FLUSH_MS)
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener()
  }
}

export const live = new LiveFeed()

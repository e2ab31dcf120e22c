/**
 * The fan-out behind `GET /__sim/events`, one per simulator: each event formatted once, each batch one
 * Buffer shared by every socket, so a request costs no more with more dashboards open. A lagging
 * subscriber catches up from the journal's ring; one too far behind is destroyed, not ended, so what
 * waited for it is released at once (bounds: event-limits.ts).
 */

import { onControlChange } from '../control/control-events.ts'
import type { JournalEntry } from '../observability/journal.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import {
  BATCH_BUDGET,
  CATCH_UP_MARK,
  CATCH_UP_PIECE,
  FLUSH_MS,
  HEARTBEAT_MS,
  LAG_MARK,
  MAX_BUFFERED_BYTES,
  MAX_SUBSCRIBERS,
  MIN_BATCH_EXCHANGES,
  RETRY_MS,
  STALLED_BEATS,
} from './event-limits.ts'
import { format, parseEventId, type StreamClient } from './event-wire.ts'

interface Subscriber {
  readonly client: StreamClient
  /** The journal numbering this subscriber's entries belong to. */
  epoch: string
  /** The last entry it was sent (or asked to skip). */
  cursor: number
  /** Whether it caught up and gets the batches; until then it reads the ring. */
  live: boolean
  /** Heartbeats in a row it was behind at. */
  stalledBeats: number
}

export interface EventHubOptions {
  readonly heartbeatMs?: number
  readonly flushMs?: number
  readonly maxSubscribers?: number
}

export class EventHub {
  readonly #simulator: SimulatorCore
  readonly #heartbeatMs: number
  readonly #flushMs: number
  readonly maxSubscribers: number
  readonly #subscribers = new Set<Subscriber>()
  /** Slots taken: open subscribers and answers on their way to opening. */
  #taken = 0
  /** Each entry's event text, formatted once, by seq (the journal's current epoch only). */
  readonly #texts = new Map<number, string>()
  /** Live events in order: exchanges (formatted at the flush, and only those sent) and texts. */
  #batch: ({ entry: JournalEntry; epoch: string } | string)[] = []
  #batchExchanges = 0
  #controlBatch: string[] = []
  #epoch = ''
  /** The newest entry in a batch: the catch-up stops there, the batches take over. */
  #lastSeq = 0
  #flushTimer: ReturnType<typeof setTimeout> | undefined
  #stopListening: (() => void) | undefined

  constructor(simulator: SimulatorCore, options: EventHubOptions = {}) {
    this.#simulator = simulator
    this.#heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
    this.#flushMs = options.flushMs ?? FLUSH_MS
    this.maxSubscribers = options.maxSubscribers ?? MAX_SUBSCRIBERS
  }

  /** Takes a subscriber slot; false when every slot is taken. Give it back with `release`. */
  reserve(): boolean {
    if (this.#taken >= this.maxSubscribers) return false
    this.#taken++
    return true
  }

  release(): void {
    this.#taken = Math.max(0, this.#taken - 1)
  }

  get subscribers(): number {
    return this.#subscribers.size
  }

  /** Starts a reserved subscriber; returns what stops it (and gives its slot back). */
  subscribe(client: StreamClient, lastEventId: string | null): () => void {
    this.#start()
    this.#syncEpoch() // the journal may have been emptied without a control request (in-process `reset`)
    this.flush()
    const { journal } = this.#simulator
    const seen = parseEventId(lastEventId)
    const oldest = journal.after(0, 1)[0]?.seq ?? journal.total + 1
    const subscriber: Subscriber = {
      client,
      epoch: this.#epoch,
      // A client with no id (or another epoch's) gets every buffered entry; one with an id, what followed it.
      cursor: seen !== undefined && seen.epoch === this.#epoch ? seen.seq : oldest - 1,
      live: false,
      stalledBeats: 0,
    }
    this.#subscribers.add(subscriber)
    client.write(
      `retry: ${RETRY_MS}\n\n${format({ type: 'hello', epoch: this.#epoch, capacity: journal.capacity, total: journal.total })}`,
    )
    this.#catchUp(subscriber)
    let stopped = false
    return () => {
      if (stopped) return
      stopped = true
      this.#subscribers.delete(subscriber)
      this.release()
      if (this.#subscribers.size === 0) this.#stop()
    }
  }

  /** Writes the gathered events to the live subscribers now. */
  flush(): void {
    clearTimeout(this.#flushTimer)
    this.#flushTimer = undefined
    if (this.#batch.length === 0) return
    const bytes = Buffer.from(this.#batchText())
    const control = this.#controlBatch.length === 0 ? undefined : Buffer.from(this.#controlBatch.join(''))
    this.#batch = []
    this.#batchExchanges = 0
    this.#controlBatch = []
    for (const subscriber of this.#subscribers) {
      if (subscriber.live && subscriber.client.buffered >= LAG_MARK) {
        // Behind: it reads the rest from the ring, from its last batch on, once it has drained.
        subscriber.live = false
        subscriber.client.onDrain(() => this.#catchUp(subscriber))
      }
      if (subscriber.live) {
        this.#send(subscriber, bytes)
        subscriber.epoch = this.#epoch
        subscriber.cursor = this.#lastSeq
      } else if (control !== undefined) this.#send(subscriber, control)
    }
  }

  #send(subscriber: Subscriber, chunk: string | Uint8Array): void {
    if (subscriber.client.buffered > MAX_BUFFERED_BYTES) subscriber.client.drop()
    else subscriber.client.write(chunk)
  }

  #start(): void {
    if (this.#stopListening !== undefined) return
    const { journal } = this.#simulator
    if (journal.epoch !== this.#epoch) this.#texts.clear()
    this.#epoch = journal.epoch
    this.#lastSeq = journal.total
    const stopExchanges = this.#simulator.journal.onExchange((entry) => this.#onExchange(entry))
    const stopControl = onControlChange(this.#simulator, (change) => {
      this.#syncEpoch()
      const text = format({ type: 'control', ...change })
      this.#batch.push(text)
      this.#controlBatch.push(text)
      // Control changes are rare and a dashboard refreshes its panels on them: no waiting.
      this.flush()
    })
    const heartbeat = setInterval(() => {
      const beat = Buffer.from(': heartbeat\n\n')
      for (const subscriber of this.#subscribers) {
        // One that took nothing for STALLED_BEATS heartbeats is gone for good (a frozen tab, a stuck client).
        subscriber.stalledBeats = subscriber.client.buffered >= LAG_MARK ? subscriber.stalledBeats + 1 : 0
        if (subscriber.stalledBeats >= STALLED_BEATS) subscriber.client.drop()
        else this.#send(subscriber, beat)
      }
    }, this.#heartbeatMs)
    heartbeat.unref?.()
    this.#stopListening = () => {
      stopExchanges()
      stopControl()
      clearInterval(heartbeat)
    }
  }

  #stop(): void {
    this.#stopListening?.()
    this.#stopListening = undefined
    clearTimeout(this.#flushTimer)
    this.#flushTimer = undefined
    this.#batch = []
    this.#batchExchanges = 0
    this.#controlBatch = []
    // The texts stay (bounded by the ring's length): clients reconnecting one at a time would otherwise
    // have the whole ring formatted again each time the last one left.
  }

  #onExchange(entry: JournalEntry): void {
    this.#syncEpoch()
    this.#batch.push({ entry, epoch: this.#epoch })
    this.#batchExchanges++
    this.#lastSeq = entry.seq
    this.#schedule()
  }

  /** After the journal was emptied its numbering starts again: say so, in order, to the live subscribers. */
  #syncEpoch(): void {
    const { epoch } = this.#simulator.journal
    if (epoch === this.#epoch) return
    this.#epoch = epoch
    this.#lastSeq = 0
    this.#texts.clear()
    this.#batch.push(format({ type: 'clear' }))
  }

  /** The batch as one text: at most the budget's share of exchanges, the newest, after a `gap` for the rest. */
  #batchText(): string {
    let live = 0
    for (const subscriber of this.#subscribers) if (subscriber.live) live++
    const cap = Math.max(MIN_BATCH_EXCHANGES, Math.floor(BATCH_BUDGET / Math.max(1, live)))
    let skip = Math.max(0, this.#batchExchanges - cap)
    let missed = 0
    let text = ''
    for (const item of this.#batch) {
      if (typeof item !== 'string' && skip > 0) {
        skip--
        missed++
        continue
      }
      if (missed > 0) text += format({ type: 'gap', missed })
      missed = 0
      if (typeof item === 'string') text += item
      else if (item.epoch === this.#epoch) text += this.#textOf(item.entry)
      else text += format({ type: 'exchange', entry: item.entry }, `${item.epoch}:${item.entry.seq}`)
    }
    return text
  }

  #textOf(entry: JournalEntry): string {
    let text = this.#texts.get(entry.seq)
    if (text === undefined) {
      text = format({ type: 'exchange', entry }, `${this.#epoch}:${entry.seq}`)
      this.#texts.set(entry.seq, text)
      this.#texts.delete(entry.seq - this.#simulator.journal.capacity) // fell off the ring
    }
    return text
  }

  #schedule(): void {
    if (this.#flushTimer !== undefined) return
    this.#flushTimer = setTimeout(() => this.flush(), this.#flushMs)
    this.#flushTimer.unref?.()
  }

  /** Writes `subscriber` the entries it has not seen, a piece at a time, then makes it live. */
  #catchUp(subscriber: Subscriber): void {
    if (!this.#subscribers.has(subscriber)) return
    this.flush()
    this.#syncEpoch()
    const { journal } = this.#simulator
    if (subscriber.epoch !== this.#epoch) {
      this.#send(subscriber, format({ type: 'clear' }))
      subscriber.epoch = this.#epoch
      subscriber.cursor = 0
    }
    while (subscriber.client.buffered < CATCH_UP_MARK) {
      const entries = journal.after(subscriber.cursor, CATCH_UP_PIECE).filter((entry) => entry.seq <= this.#lastSeq)
      if (entries.length === 0) {
        subscriber.live = true
        return
      }
      let piece = ''
      const first = entries[0]!.seq
      if (first > subscriber.cursor + 1) piece += format({ type: 'gap', missed: first - subscriber.cursor - 1 })
      for (const entry of entries) piece += this.#textOf(entry)
      subscriber.cursor = entries.at(-1)!.seq
      this.#send(subscriber, piece)
    }
    subscriber.client.onDrain(() => this.#catchUp(subscriber))
  }
}

const hubs = new WeakMap<SimulatorCore, EventHub>()

/** The simulator's hub (made on first use, with `options`: a test's shorter heartbeat, say). */
export function eventHubOf(simulator: SimulatorCore, options?: EventHubOptions): EventHub {
  let hub = hubs.get(simulator)
  if (hub === undefined) hubs.set(simulator, (hub = new EventHub(simulator, options)))
  return hub
}

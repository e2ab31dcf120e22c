/**
 * `GET /__sim/events`: the journal, live, as server-sent events. A connection gets a `hello`, the
 * buffered entries it has not seen, then every exchange as it is answered, control changes and a
 * heartbeat comment. Each exchange's event id is `<epoch>:<seq>`: a client that reconnects with
 * `Last-Event-ID` gets only what it missed (and a `gap` event when some of it fell off the ring
 * buffer); after the journal was emptied the epoch differs and it gets everything again.
 *
 * A response that streams is a SimResponse with a `stream`: the runtime writes the headers, then
 * hands the stream a `write` and keeps it open until the client leaves (runtimes/standalone).
 */
import type { z } from 'zod'
import type { SimEvent } from '../contract/control-dashboard-schemas.ts'
import type { SimResponse } from '../http/sim-request.ts'
import type { JournalEntry } from '../observability/journal.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import { onControlChange } from './control-events.ts'
import type { ControlHandlerTable } from './control-handler.ts'

/** A body written piece by piece, for as long as the client stays. */
interface ResponseStream {
  /** Starts writing through `write`; returns what stops it (the client left, or the server closes). */
  open(write: (chunk: string) => void): () => void
}

export interface StreamedResponse extends SimResponse {
  readonly stream: ResponseStream
}

export function isStreamed(response: SimResponse): response is StreamedResponse {
  return 'stream' in response
}

/** How often an idle stream sends a comment, so proxies and the browser keep it open. */
const HEARTBEAT_MS = 15_000
/** How long a browser waits before it reconnects a dropped stream. */
const RETRY_MS = 1000

type Event = z.input<typeof SimEvent>

function format(event: Event, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`
}

/** `<epoch>:<seq>` → its parts; anything else is no id (the client gets every buffered entry). */
function parseEventId(text: string | null): { epoch: string; seq: number } | undefined {
  const match = text === null ? null : /^(.+):(\d{1,15})$/.exec(text.trim())
  return match === null ? undefined : { epoch: match[1]!, seq: Number(match[2]) }
}

export function eventStream(
  simulator: SimulatorCore,
  lastEventId: string | null,
  heartbeatMs: number = HEARTBEAT_MS,
): ResponseStream {
  return {
    open(write) {
      const { journal } = simulator
      let epoch = journal.epoch
      const exchange = (entry: JournalEntry) => format({ type: 'exchange', entry }, `${epoch}:${entry.seq}`)
      /** Whether the journal was emptied since the last event (its numbering starts again). */
      const catchUp = () => {
        if (journal.epoch === epoch) return
        epoch = journal.epoch
        write(format({ type: 'clear' }))
      }
      const seen = parseEventId(lastEventId)
      const since = seen !== undefined && seen.epoch === epoch ? seen.seq : 0
      const missed = journal.after(since)
      let chunk = `retry: ${RETRY_MS}\n\n${format({ type: 'hello', epoch, capacity: journal.capacity, total: journal.total })}`
      const firstKept = missed[0]?.seq ?? journal.total + 1
      if (since > 0 && firstKept > since + 1) chunk += format({ type: 'gap', missed: firstKept - since - 1 })
      for (const entry of missed) chunk += exchange(entry)
      write(chunk)
      const stopExchanges = simulator.onExchange((entry) => {
        catchUp()
        write(exchange(entry))
      })
      const stopControl = onControlChange(simulator, (change) => {
        catchUp()
        write(format({ type: 'control', ...change }))
      })
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs)
      heartbeat.unref?.()
      return () => {
        stopExchanges()
        stopControl()
        clearInterval(heartbeat)
      }
    },
  }
}

export const eventHandlers: ControlHandlerTable<'streamEvents'> = {
  streamEvents: (_input, { simulator, request }): StreamedResponse => ({
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    },
    body: null,
    stream: eventStream(simulator, request.header('last-event-id')),
  }),
}

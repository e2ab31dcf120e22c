/**
 * `GET /__sim/events`: the journal, live, as server-sent events with `<epoch>:<seq>` ids, so a client
 * reconnecting with `Last-Event-ID` gets only what it missed (a `gap` when some fell off the ring).
 */

import type { ControlHandlerTable } from '../control/control-handler.ts'
import { ApiError } from '../http/api-error.ts'
import { DATA_ONLY_CSP, NO_SNIFF, type SimResponse } from '../http/sim-request.ts'
import { type EventHub, eventHubOf } from './event-hub.ts'
import type { StreamClient } from './event-wire.ts'

/** A body written piece by piece, for as long as the client stays. */
interface ResponseStream {
  /** Starts writing to `client`; returns what stops it (the client left, or the server closes). */
  open(client: StreamClient): () => void
  /** The answer will not be streamed after all (a HEAD, a client already gone): frees its slot. */
  cancel(): void
}

export interface StreamedResponse extends SimResponse {
  readonly stream: ResponseStream
}

export function isStreamed(response: SimResponse): response is StreamedResponse {
  return 'stream' in response
}

/** A stream on `hub`, holding one of its subscriber slots (or a 429 when none is left). */
function eventStream(hub: EventHub, lastEventId: string | null): ResponseStream {
  if (!hub.reserve())
    throw new ApiError(
      429,
      `${hub.maxSubscribers} event streams are open, the most this simulator serves at once; close one (a dashboard tab, say) and try again`,
    )
  let settled = false
  return {
    open(client) {
      settled = true
      return hub.subscribe(client, lastEventId)
    },
    cancel() {
      if (settled) return
      settled = true
      hub.release()
    },
  }
}

export const eventHandlers: ControlHandlerTable<'streamEvents'> = {
  streamEvents: (_input, { simulator, request }): StreamedResponse => ({
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': NO_SNIFF,
      'content-security-policy': DATA_ONLY_CSP,
    },
    body: null,
    stream: eventStream(eventHubOf(simulator), request.header('last-event-id')),
  }),
}

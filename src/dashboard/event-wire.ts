/** The wire of `GET /__sim/events`: a subscriber's connection, an event as written, `Last-Event-ID` read back. */
import type { z } from 'zod/mini'
import type { SimEvent } from '../contract/control-dashboard-schemas.ts'

/** One subscriber's connection, as the runtime gives it. */
export interface StreamClient {
  write(chunk: string | Uint8Array): void
  /** Bytes written and not yet taken by the client. */
  readonly buffered: number
  /** Calls `callback` once the client took what was written. */
  onDrain(callback: () => void): void
  /** Cuts the client off at once, releasing what waits for it. */
  drop(): void
}

export type Event = z.input<typeof SimEvent>

export function format(event: Event, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`
}

/** `<epoch>:<seq>` → its parts; anything else is no id (the client gets every buffered entry). */
export function parseEventId(text: string | null): { epoch: string; seq: number } | undefined {
  const match = text === null ? null : /^(.+):(\d{1,15})$/.exec(text.trim())
  return match === null ? undefined : { epoch: match[1]!, seq: Number(match[2]) }
}

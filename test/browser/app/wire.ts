/**
 * The client side of the browser test, shared by both runtimes: a request described as plain data
 * is sent with the platform's own `fetch` and its reply is reduced to plain data. The page runs
 * this module in Chromium (fetch intercepted by msw's service worker) and the test runs the very
 * same module in Node (fetch intercepted by msw's setupServer), so any difference in the replies
 * comes from the runtimes, not from two clients.
 */

/** One request, serializable so it can cross into the page. */
export interface WireRequest {
  /** What the request is for; carried into the reply so a failing comparison names it. */
  readonly label: string
  readonly method: string
  /** Path and query, resolved against the base URL. */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  /** The body exactly as sent (already serialized), or absent for none. */
  readonly body?: string
}

/** What the caller saw of one reply. */
export interface WireReply {
  readonly label: string
  readonly status: number
  readonly contentType: string | null
  /** Every response header the caller can read, lower-case names, sorted. */
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
}

/** Sends `requests` one after the other (each sees the state the previous ones left). */
export async function runRequests(baseUrl: string, requests: readonly WireRequest[]): Promise<WireReply[]> {
  const replies: WireReply[] = []
  for (const request of requests) {
    const response = await fetch(new URL(request.path, baseUrl), {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
    })
    const headers: Record<string, string> = {}
    for (const name of [...response.headers.keys()].sort()) headers[name] = response.headers.get(name) ?? ''
    replies.push({
      label: request.label,
      status: response.status,
      contentType: response.headers.get('content-type'),
      headers,
      text: await response.text(),
    })
  }
  return replies
}

/** What the test page exposes on `window.simulatorPage` once its worker is running. */
interface SimulatorPage {
  /** The origin the page's simulator answers for. */
  readonly baseUrl: string
  readonly seed: number
  run(requests: readonly WireRequest[]): Promise<WireReply[]>
  /** Back to the seeded world (the simulator's `reset()`); resolves once that is stored. */
  reset(): Promise<void>
  /** The simulator's clock, as ISO text. */
  now(): string
  /** Sets the clock; resolves once that is stored. */
  setClock(instant: string): Promise<void>
  /** Moves the clock on; resolves once that is stored. */
  advanceClock(milliseconds: number): Promise<void>
  /** The active scenario's name, or null. */
  readonly scenario: string | null
  /** `scenarios.use` of a name or an inline scenario, the world generator and the factories loaded first. */
  useScenario(nameOrScenario: string | Record<string, unknown> | null): Promise<void>
  /** A factory call (`POST /__sim/factories/{table}`'s body): the records asked for. */
  create(
    table: string,
    call: { count?: number; overrides?: Record<string, unknown>; state?: string },
  ): Promise<unknown[]>
}

declare global {
  interface Window {
    /** Set by the test page once its worker is running. */
    simulatorPage?: SimulatorPage
    /** Set when starting the page failed, so the test can report why instead of timing out. */
    simulatorPageError?: string
  }
}

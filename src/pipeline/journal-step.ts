/**
 * The outermost pipeline step: times every request, records it in the journal, and tells the listeners (the
 * standalone server's operations log) and the counters (the coverage wing) what happened.
 */
import type { Operation } from '../contract/operations.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import {
  type Journal,
  type JournalEntry,
  journaledHeaders,
  type ProxyReport,
  type StoredEntry,
  toEntry,
} from '../observability/journal.ts'
import { sessionOf } from '../sessions/session-header.ts'
import type { Step } from './compose.ts'

export type ExchangeListener = (entry: JournalEntry) => void

/** What a counter is told of an answered request: the journal's stored entry as is, so it costs no formatting. */
export type CountedExchange = Readonly<
  Pick<StoredEntry, 'operation' | 'status' | 'scenario' | 'session' | 'responseBody'>
>
/** `rule` is the scenario rule that answered the request, as its scenario holds it, else null. */
export type ExchangeCounter = (exchange: CountedExchange, rule: unknown) => void

export interface Recorder {
  readonly journal: Journal
  /** Records one answered request and notifies the listeners. */
  record(
    request: SimRequest,
    operation: Operation | null,
    response: SimResponse,
    started: number,
    scenario: string | null,
    requestBody: string | null,
    proxy?: ProxyReport,
    caller?: string | null,
    rule?: unknown,
  ): void
  readonly listeners: Set<ExchangeListener>
  /** Told of every request before the listeners; they must read the exchange then and never keep it. */
  readonly counters: Set<ExchangeCounter>
}

export function createRecorder(journal: Journal): Recorder {
  const listeners = new Set<ExchangeListener>()
  const counters = new Set<ExchangeCounter>()
  return {
    journal,
    listeners,
    counters,
    record(request, operation, response, started, scenario, requestBody, proxy, caller = null, rule = null) {
      const stored = journal.record({
        atMs: Date.now(),
        method: request.method,
        path: request.path,
        query: request.query.toString(),
        operation: operation?.id ?? null,
        status: response.networkError ? 0 : response.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        scenario,
        session: sessionOf(request),
        caller,
        requestHeaders: journaledHeaders((name) => request.header(name)),
        responseHeaders: response.headers,
        requestBody,
        responseBody: response.body,
        proxy, // undefined but for forwarded requests; the journal keeps it only then
      })
      for (const counter of counters) counter(stored, rule)
      if (listeners.size === 0) return
      const entry = toEntry(stored)
      for (const listener of listeners) listener(entry)
    },
  }
}

export function journalStep(recorder: Recorder): Step {
  return async (context, next) => {
    const started = performance.now()
    const response = await next()
    // The body was read (and memoized) by validation; a refused or unreadable one is left out.
    const requestBody = !('body' in context.operation) ? null : await context.request.text().catch(() => null)
    recorder.record(
      context.request,
      context.operation,
      response,
      started,
      context.scenario,
      requestBody,
      context.proxy,
      context.caller?.address ?? null,
      context.rule,
    )
    return response
  }
}

/**
 * Turns a recorded session (the requests a server answered, in order) into a scenario with steps that
 * `npm run replay` runs green (docs/scenarios.md). No credential is written (record-credentials.ts);
 * the proxy's own answers become skipped steps; a generated value or assigned id used again becomes a
 * capture and a `{{placeholder}}`; the rest relies on the recorded seed and clock. Bounded by
 * RECORDING_LIMITS so a recording can always be written quickly; `notes` say what was cut.
 */

import { utf8Length } from '../contract/json-text.ts'
import type { ScenarioRule } from '../scenarios/rule-schema.ts'
import type { ScenarioInput, ScenarioWorld } from '../scenarios/scenario-schema.ts'
import type { ScenarioStep } from '../scenarios/step-schema.ts'
import { recordedCredentials } from './record-credentials.ts'
import { captureAssignedIds } from './record-ids.ts'
import { decodeSafely, generatedValuesIn, mapStrings, nameFromPath, parseJson, walkStrings } from './recorded-values.ts'

export interface RecordedExchange {
  readonly method: string
  /** The path as sent (percent-encoded), without the query. */
  readonly path: string
  /** The query string without `?` ('' for none). */
  readonly query: string
  /** Request headers by lower-case name. */
  readonly headers: Readonly<Record<string, string>>
  /** The caller the token was taken for when the token is masked already (null: none); undefined: derived from it. */
  readonly caller?: string | null | undefined
  readonly body: string
  readonly response: {
    readonly status: number
    readonly body: string | null
    readonly networkError?: boolean | undefined
    /** The answer is the proxy's own 502/504/508 (`X-Sim-Proxy-Failure`), not the service's. */
    readonly proxyFailure?: boolean | undefined
  }
}

export interface SessionRecorderOptions {
  /** The file's description, as it is: notes go to `notes`, not after it. */
  readonly description?: string
  /** What the recording notes about how it was made, one phrase each (the cuts are added after). */
  readonly notes?: readonly string[]
  readonly seed?: number
  /** The fixed instant the session's clock started at (omit for a system clock). */
  readonly now?: string
  /** Rules and world of the scenario active when recording started. */
  readonly rules?: readonly ScenarioRule[]
  readonly world?: ScenarioWorld
}

export interface SessionRecorder {
  add(exchange: RecordedExchange): void
  readonly size: number
  /** The scenario so far; recording goes on. */
  toScenario(): ScenarioInput
}

/** What a recording keeps at most (documented in docs/scenarios.md). */
export const RECORDING_LIMITS = { steps: 1_000, bodyBytes: 64 * 1024, totalBodyBytes: 1024 * 1024 } as const

const KEPT_HEADERS = new Set(['content-type'])

/** Why a step holding the proxy's own answer is not replayed: its status and what the proxy said. */
function proxyFailureReason(exchange: RecordedExchange, answer: { ok: true; value: unknown } | { ok: false }): string {
  const message = answer.ok ? (answer.value as { message?: unknown } | null)?.message : undefined
  return `the proxy's own ${exchange.response.status} at recording, not the service's answer${typeof message === 'string' ? `: ${message}` : ''}`
}
export function createSessionRecorder(options: SessionRecorderOptions = {}): SessionRecorder {
  const exchanges: RecordedExchange[] = []
  const startedAt = new Date().toISOString()
  const cut = { requestsLeftOut: 0, answersWithoutBody: 0, afterLimit: 0 }
  let bodyBytes = 0

  function add(exchange: RecordedExchange): void {
    const requestBytes = utf8Length(exchange.body)
    const answerBytes = exchange.response.body === null ? 0 : utf8Length(exchange.response.body)
    if (
      cut.afterLimit > 0 ||
      exchanges.length >= RECORDING_LIMITS.steps ||
      bodyBytes + requestBytes + Math.min(answerBytes, RECORDING_LIMITS.bodyBytes) > RECORDING_LIMITS.totalBodyBytes
    ) {
      cut.afterLimit++
      return
    }
    if (requestBytes > RECORDING_LIMITS.bodyBytes) {
      cut.requestsLeftOut++
      return
    }
    if (answerBytes > RECORDING_LIMITS.bodyBytes) {
      cut.answersWithoutBody++
      exchanges.push({ ...exchange, response: { ...exchange.response, body: null } })
      bodyBytes += requestBytes
      return
    }
    exchanges.push(exchange)
    bodyBytes += requestBytes + answerBytes
  }

  /** What the recording left out, for its notes. */
  function cutNotes(): string[] {
    const kb = (bytes: number) => `${bytes / 1024} KB`
    const notes: string[] = []
    if (cut.requestsLeftOut > 0)
      notes.push(`${cut.requestsLeftOut} request(s) left out: their body was over ${kb(RECORDING_LIMITS.bodyBytes)}`)
    if (cut.answersWithoutBody > 0)
      notes.push(
        `${cut.answersWithoutBody} answer(s) over ${kb(RECORDING_LIMITS.bodyBytes)} kept without their body (only the status is expected)`,
      )
    if (cut.afterLimit > 0) {
      notes.push(
        `recording stopped at ${exchanges.length} requests or ${kb(RECORDING_LIMITS.totalBodyBytes)} of bodies; ${cut.afterLimit} later request(s) not recorded`,
      )
    }
    return notes
  }

  function toScenario(): ScenarioInput {
    const credentials = recordedCredentials(exchanges)
    const callers = credentials.callers

    const requestBodies = exchanges.map((exchange) => parseJson(exchange.body))
    const responseBodies = exchanges.map((exchange) => parseJson(exchange.response.body ?? ''))

    // Where each generated value first appears, and whether it is used again.
    const first = new Map<string, { step: number; path: string | undefined }>()
    const reused = new Set<string>()
    const see = (value: string, step: number, responsePath: string | undefined) => {
      if (callers.has(value)) return
      const earlier = first.get(value)
      if (earlier === undefined) first.set(value, { step, path: responsePath })
      else if (earlier.step < step) reused.add(value) // repeats inside one response need no capture
    }
    exchanges.forEach((exchange, step) => {
      const target = `${exchange.path}?${exchange.query}`
      for (const value of generatedValuesIn(decodeSafely(target))) see(value, step, undefined)
      const body = requestBodies[step]!
      if (body.ok)
        walkStrings(body.value, 'body', (text) => {
          for (const value of generatedValuesIn(text)) see(value, step, undefined)
        })
      const answer = responseBodies[step]!
      if (answer.ok) {
        walkStrings(answer.value, 'body', (text, path) => {
          const whole = generatedValuesIn(text)
          for (const value of whole) see(value, step, value === text ? path : undefined)
        })
      }
    })

    // Captures: values first seen as a whole response member and used again.
    const placeholders = new Map<string, string>([...callers].map(([address, name]) => [address, name]))
    const captures = new Map<number, Record<string, string>>()
    const taken = new Set<string>()
    for (const [value, seen] of first) {
      if (seen.path === undefined || !reused.has(value)) continue
      let name = nameFromPath(seen.path)
      for (let n = 2; taken.has(name) || /^caller\d*$/.test(name); n++) name = `${nameFromPath(seen.path)}${n}`
      taken.add(name)
      placeholders.set(value, name)
      captures.set(seen.step, { ...captures.get(seen.step), [name]: seen.path })
    }

    const ids = captureAssignedIds(exchanges, responseBodies, taken)
    for (const [step, idCaptures] of ids.captures) captures.set(step, { ...captures.get(step), ...idCaptures })

    const ordered = [...placeholders].sort((a, b) => b[0].length - a[0].length)
    const substitute = (text: string): string => {
      let out = text
      for (const [value, name] of ordered) if (out.includes(value)) out = out.split(value).join(`{{${name}}}`)
      return out
    }

    const steps: ScenarioStep[] = exchanges.map((exchange, step) => {
      const headers: Record<string, string | null> = { authorization: credentials.authorization(exchange) }
      for (const [name, value] of Object.entries(exchange.headers)) {
        if (KEPT_HEADERS.has(name) || name.startsWith('x-sim-')) {
          if (name === 'content-type' && exchange.body === '') continue
          headers[name] = value
        }
      }
      const requestBody = requestBodies[step]!
      const request: ScenarioStep['request'] = {
        method: exchange.method as ScenarioStep['request']['method'],
        path: substitute(ids.target(step, exchange.path, exchange.query)),
        headers,
        ...(exchange.body !== '' && {
          body: requestBody.ok
            ? (mapStrings(ids.requestBody(step, requestBody.value), substitute) as never)
            : exchange.body,
        }),
      }
      const answer = responseBodies[step]!
      const expectation: ScenarioStep['expect'] = exchange.response.networkError
        ? { networkError: true }
        : {
            status: exchange.response.status,
            ...(answer.ok
              ? { body: mapStrings(ids.responseBody(step, answer.value), substitute) as never }
              : exchange.response.body
                ? { body: exchange.response.body }
                : {}),
          }
      const capture = captures.get(step)
      return {
        ...(exchange.response.proxyFailure === true && { skip: proxyFailureReason(exchange, answer) }),
        request,
        expect: expectation,
        ...(capture !== undefined && { capture }),
      }
    })

    const simulator = {
      ...(options.seed !== undefined && { seed: options.seed }),
      ...(options.now !== undefined && { now: options.now }),
    }
    const proxyFailures = exchanges.filter((exchange) => exchange.response.proxyFailure === true).length
    const notes = [
      ...(options.notes ?? []),
      ...cutNotes(),
      ...(proxyFailures === 0
        ? []
        : [
            `${proxyFailures} answer(s) were the proxy's own 502/504/508 (the service did not answer, or not with JSON), not the service's: their steps are marked skip and replay does not send them`,
          ]),
    ]
    return {
      $schema: './scenario.schema.json',
      description:
        options.description ??
        `Recorded session of ${exchanges.length} request${exchanges.length === 1 ? '' : 's'}, started ${startedAt}.`,
      ...(notes.length > 0 && { notes }),
      ...(options.world !== undefined && { world: options.world }),
      ...(Object.keys(simulator).length > 0 && { simulator }),
      rules: [...(options.rules ?? [])],
      steps,
    }
  }

  return {
    add,
    get size() {
      return exchanges.length
    },
    toScenario,
  }
}

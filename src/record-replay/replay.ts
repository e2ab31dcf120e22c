/**
 * The replay runner: sends a scenario's steps through a `send` function and reports each with a
 * readable diff. It knows nothing of runtimes, so every runtime replays the same way.
 */

import type { ScenarioStep } from '../scenarios/step-schema.ts'
import { compareSubset, formatMismatch, preview } from './expect-subset.ts'
import { PlaceholderError, REPLAY_TOKEN, readValuePath, replayToken, TOKEN_MASK, Variables } from './placeholders.ts'

export interface ReplayRequest {
  readonly method: string
  /** Path and query string, placeholders expanded. */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
}

export type ReplayOutcome =
  | {
      readonly kind: 'response'
      readonly status: number
      readonly headers: Readonly<Record<string, string>>
      readonly body: string
    }
  | { readonly kind: 'network-error'; readonly message: string }

export type Send = (request: ReplayRequest) => Promise<ReplayOutcome>

export interface StepResult {
  /** 1-based position in the scenario. */
  readonly index: number
  /** The step's name, or its method and path as written. */
  readonly name: string
  /** Whether the step has a name of its own. */
  readonly named: boolean
  readonly request: ReplayRequest | undefined
  readonly passed: boolean
  /** One line per difference (empty when passed). */
  readonly problems: readonly string[]
  readonly durationMs: number
  /** The status answered, 'network error', 'not sent' or 'skipped'. */
  readonly outcome: string
  /** Why the step was not sent (its `skip`); a skipped step neither passes nor fails. */
  readonly skipped?: string
}

function stepName(step: ScenarioStep): string {
  return step.name ?? `${step.request.method} ${step.request.path}`
}

/** The request a step sends, with placeholders expanded and the Authorization default applied. */
function buildRequest(step: ScenarioStep, variables: Variables, token: string | undefined): ReplayRequest {
  const { request } = step
  let path = variables.expandText(request.path)
  if (request.query !== undefined) {
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(request.query)) query.append(name, variables.expandText(String(value)))
    path += `${path.includes('?') ? '&' : '?'}${query.toString()}`
  }
  const headers: Record<string, string> = {}
  let authorization: string | null = `Bearer ${token ?? REPLAY_TOKEN}`
  for (const [rawName, value] of Object.entries(request.headers ?? {})) {
    const name = rawName.toLowerCase()
    if (name === 'authorization') {
      const mask = value === null ? null : TOKEN_MASK.exec(value)
      authorization =
        value === null ? null : mask !== null ? `Bearer ${token ?? replayToken(mask[1]!)}` : variables.expandText(value)
    } else if (value !== null) {
      headers[name] = variables.expandText(value)
    }
  }
  if (authorization !== null) headers.authorization = authorization
  let body: string | undefined
  if (request.body !== undefined) {
    const expanded = variables.expand(request.body)
    body = typeof expanded === 'string' ? expanded : JSON.stringify(expanded)
    headers['content-type'] ??= 'application/json'
  }
  // The control API takes writes only as JSON (a browser must then preflight): a bodiless
  // POST /__sim/reset step says so too.
  if (path.startsWith('/__sim') && (request.method === 'POST' || request.method === 'PUT'))
    headers['content-type'] ??= 'application/json'
  return { method: request.method, path, headers, ...(body !== undefined && { body }) }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const NOT_COMPARED = Symbol('not compared')

/** Compares an outcome with the step's expectation; returns the differences, the status's first. */
function check(step: ScenarioStep, outcome: ReplayOutcome, durationMs: number, variables: Variables): string[] {
  const { expect } = step
  const problems: string[] = []
  if (outcome.kind === 'network-error') {
    if (expect.networkError !== true)
      problems.push(`status: expected ${expect.status}, got a network error (${outcome.message})`)
  } else {
    const body = parseBody(outcome.body)
    if (expect.networkError === true) {
      problems.push(`expected a network error, got status ${outcome.status} ${preview(body)}`)
    } else if (expect.status !== undefined && outcome.status !== expect.status) {
      problems.push(`status: expected ${expect.status}, got ${outcome.status} ${preview(body)}`)
    }
    // A placeholder the answer could not give is said after the status, for the part it kept from being compared.
    const expanded = (part: string, expand: () => unknown): unknown => {
      try {
        return expand()
      } catch (error) {
        if (!(error instanceof PlaceholderError)) throw error
        problems.push(`${part}: not compared, ${error.message}`)
        return NOT_COMPARED
      }
    }
    if (expect.body !== undefined && expect.networkError !== true) {
      const wanted = expanded('body', () => variables.expand(expect.body))
      if (wanted !== NOT_COMPARED) problems.push(...compareSubset(wanted, body, 'body').map(formatMismatch))
    }
    for (const [name, value] of Object.entries(expect.headers ?? {})) {
      const actual = outcome.headers[name.toLowerCase()]
      const wanted = expanded(`headers.${name.toLowerCase()}`, () => variables.expandText(value))
      if (wanted !== NOT_COMPARED && actual !== wanted)
        problems.push(`headers.${name.toLowerCase()}: expected ${preview(wanted)}, got ${preview(actual)}`)
    }
  }
  if (expect.minDurationMs !== undefined && durationMs < expect.minDurationMs) {
    problems.push(`duration: expected at least ${expect.minDurationMs} ms, took ${Math.round(durationMs)} ms`)
  }
  return problems
}

function capture(step: ScenarioStep, outcome: ReplayOutcome, variables: Variables): string[] {
  if (step.capture === undefined) return []
  if (outcome.kind !== 'response')
    return [`capture: no response to capture ${Object.keys(step.capture).join(', ')} from`]
  const root = { status: outcome.status, headers: outcome.headers, body: parseBody(outcome.body) }
  const problems: string[] = []
  for (const [name, path] of Object.entries(step.capture)) {
    try {
      variables.set(name, readValuePath(root, path))
    } catch (error) {
      problems.push(`capture ${name}: ${(error as Error).message}`)
    }
  }
  return problems
}

export interface ReplayOptions {
  /**
   * The Bearer token of every step that names none and of every mask (`Bearer ***`, `***2` …);
   * default `replay-token` (`replay-token-2` …). A step's own literal Authorization is kept.
   */
  readonly token?: string | undefined
}

/** Runs the steps one after another; a failed step does not stop the ones after it. */
export async function replaySteps(
  steps: readonly ScenarioStep[],
  send: Send,
  { token }: ReplayOptions = {},
): Promise<StepResult[]> {
  const variables = new Variables(token)
  const results: StepResult[] = []
  /** The failed step that was to capture each name, so a later step says why it lacks it. */
  const failedCapture = new Map<string, StepResult>()
  for (const [i, step] of steps.entries()) {
    const name = stepName(step)
    const named = step.name !== undefined
    if (step.skip !== undefined) {
      const skipped = { passed: true, problems: [], durationMs: 0, outcome: 'skipped', skipped: step.skip }
      results.push({ index: i + 1, name, named, request: undefined, ...skipped })
      continue
    }
    let request: ReplayRequest | undefined
    try {
      request = buildRequest(step, variables, token)
    } catch (error) {
      if (!(error instanceof PlaceholderError)) throw error
      const cause = error.placeholder === undefined ? undefined : failedCapture.get(error.placeholder)
      const problems =
        cause === undefined
          ? [error.message]
          : [
              `not sent: {{${error.placeholder}}} was to be captured by step ${cause.index} (${cause.name}), which failed: ${cause.problems[0]}`,
            ]
      results.push({ index: i + 1, name, named, request, passed: false, problems, durationMs: 0, outcome: 'not sent' })
      continue
    }
    const started = performance.now()
    const outcome = await send(request)
    const durationMs = performance.now() - started
    let problems: string[]
    try {
      // Capture first: a recorded expectation may use a value of its own response by name.
      const captureProblems = capture(step, outcome, variables)
      problems = [...check(step, outcome, durationMs, variables), ...captureProblems]
    } catch (error) {
      if (!(error instanceof PlaceholderError)) throw error
      problems = [error.message]
    }
    const result: StepResult = {
      index: i + 1,
      name,
      named,
      request,
      passed: problems.length === 0,
      problems,
      durationMs,
      outcome: outcome.kind === 'response' ? String(outcome.status) : 'network error',
    }
    results.push(result)
    for (const captured of Object.keys(step.capture ?? {}))
      if (result.passed) failedCapture.delete(captured)
      else if (!variables.has(captured)) failedCapture.set(captured, result)
  }
  return results
}

export interface FetchSendOptions {
  /** How long to wait for an answer (default 70 s). */
  readonly timeoutMs?: number
  /** Headers sent with every request over a step's own (`replay --url`'s `X-Sim-Session`), not in its results. */
  readonly headers?: Readonly<Record<string, string>>
}

/** A `send` over real HTTP: `fetch` against a base URL; a failed connection is a network error. */
export function fetchSend(baseUrl: string, options: FetchSendOptions = {}): Send {
  const base = baseUrl.replace(/\/$/, '')
  const extra = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  )
  return async (request) => {
    try {
      const response = await fetch(`${base}${request.path}`, {
        method: request.method,
        headers: { ...request.headers, ...extra },
        ...(request.body !== undefined && { body: request.body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 70_000),
      })
      const headers: Record<string, string> = {}
      response.headers.forEach((value, name) => {
        headers[name] = value
      })
      return { kind: 'response', status: response.status, headers, body: await response.text() }
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      return { kind: 'network-error', message: cause?.code ?? cause?.message ?? (error as Error).message }
    }
  }
}

/** How many steps were sent, passed, failed and skipped. */
export function countResults(results: readonly StepResult[]) {
  const skipped = results.filter((result) => result.skipped !== undefined).length
  const failed = results.filter((result) => !result.passed).length
  return { replayed: results.length - skipped, passed: results.length - skipped - failed, failed, skipped }
}

/** The results as lines for a terminal: ✓/✗ per step (- for a skipped one, with why), and the diff under each failure. */
export function formatResults(title: string, results: readonly StepResult[]): string {
  const { replayed, passed, failed, skipped } = countResults(results)
  const lines = [
    `${failed === 0 ? 'PASS' : 'FAIL'} ${title} (${passed}/${replayed} steps passed${skipped === 0 ? '' : `, ${skipped} skipped`})`,
  ]
  for (const result of results) {
    if (result.skipped !== undefined) {
      lines.push(`  - ${result.index}. ${result.name} skipped: ${result.skipped}`)
      continue
    }
    const sent =
      result.request === undefined
        ? `${result.name} (not sent)`
        : `${result.request.method} ${result.request.path} → ${result.outcome}`
    const label = result.named ? `${result.name} — ${sent}` : sent
    lines.push(`  ${result.passed ? '✓' : '✗'} ${result.index}. ${label} (${Math.round(result.durationMs)} ms)`)
    for (const problem of result.problems) lines.push(`      ${problem}`)
  }
  return lines.join('\n')
}

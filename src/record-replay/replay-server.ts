/** What `replay --url` runs against a simulator that others may be using: each file in a session of its own. */

import type { Scenario } from '../scenarios/scenario-schema.ts'
import { SESSION_HEADER } from '../sessions/session-header.ts'
import { freshSessionId } from '../sessions/session-id.ts'
import { SESSION_ID_PATTERN, SESSION_RULE } from '../sessions/session-registry.ts'
import { fetchSend, replaySteps, type StepResult } from './replay.ts'
import { sendInSession } from './session-send.ts'

interface ControlCall {
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: unknown
  /** Statuses besides 2xx that are fine (e.g. 404 for a session already gone). */
  readonly accept?: readonly number[]
}

async function control(baseUrl: string, method: string, path: string, call: ControlCall = {}): Promise<void> {
  let response: Response
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      // JSON for every write: the control API refuses POST and PUT without it.
      headers: { ...call.headers, ...(method !== 'GET' && { 'content-type': 'application/json' }) },
      ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
    })
  } catch (error) {
    throw new Error(
      `cannot reach ${baseUrl}: ${(error as { cause?: Error }).cause?.message ?? (error as Error).message}`,
    )
  }
  if (!response.ok && !(call.accept ?? []).includes(response.status)) {
    const text = await response.text()
    throw new Error(
      `${method} ${path} answered ${response.status}${response.status === 404 ? ' (is this a debt-token-simulator?)' : ''}: ${text}`,
    )
  }
  await response.body?.cancel()
}

/** A fresh session id for replaying scenario `name`: `replay-<name>-<8 hex digits>` (see freshSessionId). */
export function replaySessionId(name: string): string {
  return freshSessionId('replay', name, 'scenario')
}

export interface ServerReplayOptions {
  /** The session to replay in (default: a fresh `replaySessionId(name)`). */
  readonly session?: string
  /** End the session afterwards rather than only deactivate its scenario; default: true for a generated session. */
  readonly endSession?: boolean
  /** The Bearer token of the steps (`replay --token`); see `ReplayOptions`. */
  readonly token?: string | undefined
}

/** Replays a scenario in one session of a running server, reset first and ended after; nothing else is touched. */
export async function replayAgainstServer(
  baseUrl: string,
  scenario: Scenario,
  name: string,
  options: ServerReplayOptions = {},
): Promise<StepResult[]> {
  const base = baseUrl.replace(/\/$/, '')
  const session = options.session ?? replaySessionId(name)
  if (!SESSION_ID_PATTERN.test(session))
    throw new Error(`session id must be ${SESSION_RULE}, got ${JSON.stringify(session)}`)
  const endSession = options.endSession ?? options.session === undefined
  const headers = { [SESSION_HEADER]: session }
  // With X-Sim-Session the reset acts on that session only (and creates it).
  await control(base, 'POST', '/__sim/reset', { headers })
  let results: StepResult[] | undefined
  let failure: { error: unknown } | undefined
  try {
    await control(base, 'PUT', '/__sim/scenario', { headers, body: { name, scenario } })
    results = await replaySteps(scenario.steps ?? [], sendInSession(fetchSend(base), session), { token: options.token })
  } catch (error) {
    failure = { error }
  }
  try {
    if (endSession) await control(base, 'DELETE', `/__sim/sessions/${encodeURIComponent(session)}`, { accept: [404] })
    else await control(base, 'DELETE', '/__sim/scenario', { headers })
  } catch (error) {
    if (failure === undefined) throw error // else the first failure is the one to report
  }
  if (failure !== undefined) throw failure.error
  return results!
}

/**
 * `POST /__sim/replay`: replays a scenario's steps on the server itself, as `replay --url` would
 * from outside: in a fresh session of its own (`replay-<name>-<hex>`), reset and given the
 * scenario (rules and world) for that session only, every step sent with that session's
 * `X-Sim-Session`; the session is ended afterwards unless asked to keep it. Nothing outside the
 * session changes but what a step itself does to the whole server (the clock is shared). The
 * runner and its differences are the replay's (scenarios/replay.ts).
 */
import { isControlPath } from '../contract/control-route.ts'
import { ApiError, errorResponse } from '../http/api-error.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import { loadWorldGenerator } from '../model/world-generator.ts'
import { type ReplayOutcome, replaySteps, type Send } from '../scenarios/replay.ts'
import { UnknownScenarioError } from '../scenarios/scenario-catalog.ts'
import { parseScenario, type Scenario, ScenarioError } from '../scenarios/scenario-schema.ts'
import { SESSION_HEADER } from '../sessions/session-header.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import type { ControlContext, ControlHandlerTable } from './control-handler.ts'

/** How the control API answers a request (control-api.ts hands its own dispatch in: no import cycle). */
type Dispatch = (context: ControlContext) => Promise<SimResponse>

/** A fresh session id for a replay of `name`: `replay-<name>-<8 hex digits>`, at most 64 characters. */
function replaySession(name: string): string {
  const slug =
    name
      .replace(/[^A-Za-z0-9._~-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'scenario'
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, '0'))
  return `replay-${slug}-${hex.join('')}`
}

/**
 * A `send` into the simulator for the session: API requests to its pipeline, `/__sim` ones to the
 * control API. A step's own X-Sim-Session is replaced, and the `session` a control route answers
 * reads as the step's own (null for none), so a recorded control step passes as it does in-process.
 */
function sessionSend(simulator: SimulatorCore, session: string, dispatch: Dispatch): Send {
  return async (step): Promise<ReplayOutcome> => {
    const q = step.path.indexOf('?')
    const path = q === -1 ? step.path : step.path.slice(0, q)
    const headers: Record<string, string> = { ...step.headers, [SESSION_HEADER]: session }
    const request: SimRequest = {
      method: step.method,
      path,
      query: new URLSearchParams(q === -1 ? '' : step.path.slice(q + 1)),
      header: (name) => headers[name.toLowerCase()] ?? null,
      text: async () => step.body ?? '',
    }
    const control = isControlPath(path)
    const response =
      control && path.startsWith('/__sim/replay')
        ? errorResponse(ApiError.badRequest('a replayed step cannot start another replay'))
        : control
          ? await dispatch({ simulator, request })
          : await simulator.handle(request)
    if (response.networkError)
      return { kind: 'network-error', message: 'the scenario failed the request at the network level' }
    const answered: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) answered[name.toLowerCase()] = value
    let body = response.body ?? ''
    if (control && body.includes(`"session":${JSON.stringify(session)}`)) {
      const named = step.headers[SESSION_HEADER]?.trim() || null
      body = body.replace(`"session":${JSON.stringify(session)}`, `"session":${JSON.stringify(named)}`)
    }
    return { kind: 'response', status: response.status, headers: answered, body }
  }
}

/** Why a step may differ from what the file expects: it was written for another seed or clock. */
function notesFor(scenario: Scenario, simulator: SimulatorCore): string[] {
  const notes: string[] = []
  const seed = scenario.simulator?.seed
  if (seed !== undefined && seed !== simulator.seed)
    notes.push(`written for seed ${seed}, this server runs seed ${simulator.seed}: generated values differ`)
  const now = scenario.simulator?.now
  const clock = simulator.clock.now().toISOString()
  if (now !== undefined && Date.parse(now) !== Date.parse(clock))
    notes.push(`written for the clock at ${now}, the clock is at ${clock} (shared by every session, so left as it is)`)
  return notes
}

function scenarioOf(simulator: SimulatorCore, name: string | undefined, inline: object | undefined): Scenario {
  try {
    if (inline !== undefined) return parseScenario(inline, `scenario "${name ?? 'inline'}"`)
    const known = simulator.scenarioDefinition(name!)
    if (known === undefined) throw new UnknownScenarioError(name!, simulator.scenarios)
    return known
  } catch (error) {
    if (error instanceof UnknownScenarioError) throw ApiError.badRequest(error.message)
    if (error instanceof ScenarioError) throw ApiError.badRequest(error.message.split('\n').join('; '))
    throw error
  }
}

export function replayHandlers(dispatch: Dispatch): ControlHandlerTable<'replayScenario'> {
  return {
    replayScenario: async ({ body }, { simulator }) => {
      const scenario = scenarioOf(simulator, body.name, body.scenario)
      const name = body.name ?? 'inline'
      await loadWorldGenerator() // the scenario may start from a generated world
      const session = replaySession(name)
      const tenant = simulator.session(session)
      let steps: Awaited<ReturnType<typeof replaySteps>>
      try {
        try {
          tenant.useScenario(scenario, name)
        } catch (error) {
          if (error instanceof ScenarioError) throw ApiError.badRequest(error.message.split('\n').join('; '))
          throw error
        }
        steps = await replaySteps(scenario.steps ?? [], sessionSend(simulator, session, dispatch))
      } finally {
        if (body.keepSession !== true) simulator.sessions.delete(session)
      }
      return {
        scenario: name,
        session,
        kept: body.keepSession === true,
        passed: steps.every((step) => step.passed),
        notes: notesFor(scenario, simulator),
        steps: steps.map((step) => ({
          index: step.index,
          name: step.name,
          method: step.request?.method ?? '',
          path: step.request?.path ?? '',
          outcome: step.outcome,
          passed: step.passed,
          problems: [...step.problems],
          durationMs: Math.round(step.durationMs * 100) / 100,
        })),
      }
    },
  }
}

/**
 * `POST /__sim/replay`: replays a scenario's steps on the server itself, as `replay --url` would, in
 * a fresh session of its own, ended afterwards unless asked to keep it. Nothing outside the session
 * changes but what a step does to the whole server (the clock is shared).
 */

import type { ControlDispatch, ControlHandlerTable } from '../control/control-handler.ts'
import { refusingBadScenarios } from '../control/scenario-refusal.ts'
import { ApiError, errorResponse } from '../http/api-error.ts'
import { UnknownScenarioError } from '../scenarios/scenario-catalog.ts'
import { parseScenario, type Scenario } from '../scenarios/scenario-schema.ts'
import { freshSessionId } from '../sessions/session-id.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import { replaySteps, type Send } from './replay.ts'
import { sendInSession } from './session-send.ts'
import { type AnswerRequest, simulatorSend } from './simulator-send.ts'

/** A `send` into the simulator in `session`; a replayed step cannot start another replay. */
function sessionSend(simulator: SimulatorCore, session: string, dispatch: ControlDispatch): Send {
  const answer: AnswerRequest = async (request, control) => {
    if (!control) return simulator.host.handle(request)
    if (request.path.startsWith('/__sim/replay'))
      return errorResponse(ApiError.badRequest('a replayed step cannot start another replay'))
    return dispatch({ simulator, request })
  }
  return sendInSession(simulatorSend(answer), session)
}

/** Why a step may differ from what the file expects: another seed or clock, or what its recording noted. */
function notesFor(scenario: Scenario, simulator: SimulatorCore): string[] {
  const notes: string[] = [...(scenario.notes ?? [])]
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
  return refusingBadScenarios(() => {
    if (inline !== undefined) return parseScenario(inline, `scenario "${name ?? 'inline'}"`)
    const known = simulator.scenarios.definition(name!)
    if (known === undefined) throw new UnknownScenarioError(name!, simulator.scenarios.names)
    return known
  })
}

export function replayHandlers(dispatch: ControlDispatch): ControlHandlerTable<'replayScenario'> {
  return {
    replayScenario: async ({ body }, { simulator }) => {
      const scenario = scenarioOf(simulator, body.name, body.scenario)
      const name = body.name ?? 'inline'
      const session = freshSessionId('replay', name, 'scenario')
      const tenant = simulator.sessions.get(session)
      let steps: Awaited<ReturnType<typeof replaySteps>>
      try {
        refusingBadScenarios(() => tenant.scenarios.use(scenario, name))
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
          ...(step.skipped !== undefined && { skipped: step.skipped }),
        })),
      }
    },
  }
}

/**
 * `POST /__sim/scenario-file`: a scenario file made of journal entries, one step each, as a recording
 * writes them. It replays as built, so it carries the rules that answered them: those given, those of
 * `rulesFrom`, or the scenario the exchanges were answered under when they agree on one (a `notes`
 * line says when not). Steps carry no `X-Sim-Session`: a replay activates the file's own scenario.
 */

import { refusingBadScenarios } from '../control/scenario-refusal.ts'
import { ApiError } from '../http/api-error.ts'
import { isCutBody } from '../observability/journal.ts'
import { parseScenario, type Scenario } from '../scenarios/scenario-schema.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import { createSessionRecorder, type RecordedExchange } from './record.ts'

interface Exchange {
  readonly method: string
  readonly path: string
  readonly query: string
  readonly requestHeaders: Readonly<Record<string, string>>
  readonly requestBody: string | null
  readonly status: number
  readonly responseBody: string | null
  readonly scenario?: string | null | undefined
  readonly session?: string | null | undefined
  readonly caller?: string | null | undefined
}

interface BuildRequest {
  readonly exchanges: readonly Exchange[]
  readonly description?: string | undefined
  readonly rulesFrom?: string | undefined
  readonly rules?: readonly Record<string, unknown>[] | undefined
  readonly world?: Record<string, unknown> | undefined
}

/** What the file starts with: a scenario's rules and world, or nothing, and why (for `notes`). */
type Start = { readonly scenario?: Scenario; readonly note?: string }

function headerOf(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value
  return undefined
}

/** The scenario called `name` as it answered in one of `sessions` (null: the shared world), else the one known by that name. */
function definitionOf(
  simulator: SimulatorCore,
  name: string,
  sessions: ReadonlySet<string | null>,
): Scenario | undefined {
  const live = new Set(simulator.sessions.list().map((session) => session.id))
  for (const session of sessions) {
    // `simulator.sessions.get(id)` would start a session that ended: only those still live are asked.
    const controls = session === null ? simulator : live.has(session) ? simulator.sessions.get(session) : undefined
    if (controls?.scenarios.active === name) {
      const active = controls.scenarios.activeDefinition()
      if (active !== null) return active
    }
  }
  return simulator.scenarios.definition(name)
}

/** The scenario the exchanges were answered under, when they agree on one. */
function answeredUnder(simulator: SimulatorCore, exchanges: readonly Exchange[]): Start {
  const sessionsByName = new Map<string, Set<string | null>>()
  for (const exchange of exchanges) {
    // A step naming its scenario in X-Sim-Scenario keeps the header, which picks it again on replay.
    if (exchange.scenario == null || headerOf(exchange.requestHeaders, 'x-sim-scenario') !== undefined) continue
    const sessions = sessionsByName.get(exchange.scenario) ?? new Set()
    sessions.add(exchange.session ?? null)
    sessionsByName.set(exchange.scenario, sessions)
  }
  const names = [...sessionsByName.keys()]
  if (names.length === 0) return {}
  if (names.length > 1)
    return {
      note: `the exchanges were answered under several scenarios (${names.join(', ')}): the file starts with none of their rules; build one file per scenario, or name one with rulesFrom`,
    }
  const scenario = definitionOf(simulator, names[0]!, sessionsByName.get(names[0]!)!)
  if (scenario === undefined)
    return {
      note: `the exchanges were answered under the scenario ${names[0]}, which is neither active nor known by name any more: its rules are not in this file`,
    }
  return { scenario }
}

function startOf(simulator: SimulatorCore, body: BuildRequest): Start {
  if (body.rules !== undefined || body.world !== undefined) {
    const given = { description: 'the rules given', rules: body.rules ?? [], ...(body.world && { world: body.world }) }
    return { scenario: refusingBadScenarios(() => parseScenario(given, 'body')) }
  }
  if (body.rulesFrom === undefined) return answeredUnder(simulator, body.exchanges)
  const sessions = new Set(body.exchanges.map((exchange) => exchange.session ?? null))
  const scenario = definitionOf(simulator, body.rulesFrom, sessions)
  if (scenario === undefined)
    throw ApiError.notFound(
      `no scenario ${JSON.stringify(body.rulesFrom.slice(0, 64))}; scenarios: ${simulator.scenarios.names.join(', ')}`,
    )
  return { scenario }
}

export function buildScenarioFile(body: BuildRequest, simulator: SimulatorCore): Record<string, unknown> {
  const start = startOf(simulator, body)
  const count = body.exchanges.length
  const recorder = createSessionRecorder({
    description: body.description ?? `Built from ${count} journal entr${count === 1 ? 'y' : 'ies'} in the dashboard.`,
    ...(start.note !== undefined && { notes: [start.note] }),
    seed: simulator.seed,
    ...(simulator.clock.mode === 'fixed' && { now: simulator.clock.now().toISOString() }),
    ...(start.scenario !== undefined && { rules: start.scenario.rules }),
    ...(start.scenario?.world !== undefined && { world: start.scenario.world }),
  })
  body.exchanges.forEach((exchange, i) => {
    if (isCutBody(exchange.requestBody))
      throw ApiError.badRequest(
        `body.exchanges[${i}].requestBody was cut by the journal (over 4096 characters): record the session instead (PUT /__sim/recording)`,
      )
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(exchange.requestHeaders))
      if (name.toLowerCase() !== 'x-sim-session') headers[name.toLowerCase()] = value
    const recorded: RecordedExchange = {
      method: exchange.method,
      path: exchange.path,
      query: exchange.query,
      headers,
      // A journal entry's Authorization is masked already; its caller says whom the token stood for.
      ...(exchange.caller !== undefined && { caller: exchange.caller }),
      body: exchange.requestBody ?? '',
      response: {
        status: exchange.status,
        // A cut answer is expected by its status alone.
        body: isCutBody(exchange.responseBody) ? null : exchange.responseBody,
        networkError: exchange.status === 0,
      },
    }
    recorder.add(recorded)
  })
  return recorder.toScenario() as Record<string, unknown>
}

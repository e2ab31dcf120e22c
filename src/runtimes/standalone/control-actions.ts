/**
 * What the control routes do with a request: read its JSON body and tenant, and the clock and
 * scenario actions with their validation. control-routes.ts holds the table and the dispatch.
 */
import { inCalendar, parseInstant } from '../../contract/instants.ts'
import { ApiError } from '../../http/api-error.ts'
import { jsonResponse, type SimRequest, type SimResponse } from '../../http/sim-request.ts'
import { loadWorldGenerator } from '../../model/world-generator.ts'
import { parseJsonBody } from '../../pipeline/validate-request.ts'
import { UnknownScenarioError } from '../../scenarios/scenario-catalog.ts'
import { ScenarioError } from '../../scenarios/scenario-schema.ts'
import { sessionOf } from '../../sessions/session-header.ts'
import type { SimulatorCore as Simulator, TenantControls } from '../../simulator-core.ts'
import type { ControlContext } from './control-routes.ts'

/** The request body as a JSON object; anything else is a 400. */
async function jsonObject(request: SimRequest): Promise<Record<string, unknown>> {
  const body = parseJsonBody(await request.text())
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw ApiError.badRequest('body must be a JSON object')
  }
  return body as Record<string, unknown>
}

/**
 * The tenant a control request acts on: the session its `X-Sim-Session` header names (created on
 * first use, as an API request would), or the default one.
 */
export function tenantOf({ simulator, request }: ControlContext): TenantControls {
  const session = sessionOf(request)
  return session === null ? simulator : simulator.session(session)
}

export function scenarioView(context: ControlContext) {
  const tenant = tenantOf(context)
  return {
    session: sessionOf(context.request),
    active: tenant.scenario,
    status: tenant.scenarioStatus(),
    available: context.simulator.scenarios,
  }
}

export function clockView(simulator: Simulator) {
  return { now: simulator.clock.now().toISOString(), mode: simulator.clock.mode }
}

/** A whole number from a query parameter, or undefined when absent. */
export function intQuery(request: SimRequest, name: string, min: number, max: number): number | undefined {
  const raw = request.query.get(name)
  if (raw === null) return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max)
    throw ApiError.badRequest(`query parameter ${name} must be a whole number from ${min} to ${max}`)
  return value
}

/** Fixes the clock (`{"now": iso}`) or moves it (`{"advanceMs": n}`). */
export async function putClock({ simulator, request }: ControlContext): Promise<SimResponse> {
  const body = await jsonObject(request)
  const { now, advanceMs } = body
  if ((now === undefined) === (advanceMs === undefined))
    throw ApiError.badRequest('send {"now": "<ISO 8601 instant>"} or {"advanceMs": <milliseconds>}')
  if (now !== undefined) {
    const instant =
      typeof now === 'string'
        ? parseInstant(now)
        : { problem: 'must be an ISO 8601 instant such as 2026-03-02T12:00:00.000Z' }
    if (!(instant instanceof Date))
      throw ApiError.badRequest(
        `body.now ${instant.problem}${typeof now === 'string' ? `, got ${JSON.stringify(now.slice(0, 40))}` : ''}`,
      )
    simulator.clock.set(instant)
  } else {
    if (
      typeof advanceMs !== 'number' ||
      !Number.isFinite(advanceMs) ||
      !inCalendar(simulator.clock.now().getTime() + advanceMs)
    ) {
      throw ApiError.badRequest(
        'body.advanceMs must be a finite number of milliseconds that keeps the clock in the years 0001 to 9999',
      )
    }
    simulator.clock.advance(advanceMs)
  }
  return jsonResponse(200, clockView(simulator))
}

/** Activates what a PUT /__sim/scenario body names: `{ "name": "…" }` or `{ "scenario": {…}, "name"?: "…" }`. */
export async function putScenario(context: ControlContext): Promise<SimResponse> {
  const { request } = context
  const simulator = tenantOf(context)
  const body = await jsonObject(request)
  const { name, scenario } = body
  if (name !== undefined && typeof name !== 'string') throw ApiError.badRequest('body.name must be a string')
  if (scenario !== undefined && (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario))) {
    throw ApiError.badRequest('body.scenario must be a scenario object (to activate one by name, send {"name": "…"})')
  }
  await loadWorldGenerator() // a scenario may start from a generated world
  try {
    if (scenario !== undefined) simulator.useScenario(scenario as never, name)
    else if (name !== undefined) simulator.useScenario(name)
    else throw ApiError.badRequest('send { "name": "<scenario>" } or { "scenario": { … } }')
  } catch (error) {
    if (error instanceof UnknownScenarioError) throw ApiError.badRequest(error.message)
    if (error instanceof ScenarioError) throw ApiError.badRequest(error.message.split('\n').join('; '))
    throw error
  }
  return jsonResponse(200, scenarioView(context))
}

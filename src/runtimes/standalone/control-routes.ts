/**
 * The control API of the standalone server, under `/__sim`: a small table of routes that act on
 * the simulator itself (scenarios, reset, recording) rather than on the simulated service. They
 * are never behind the Bearer check, answer JSON, and fail in the documented error shape. To add
 * a route, add an entry to `controlRoutes`; `GET /__sim` lists them all.
 *
 * The handlers take a SimRequest, so the same routes serve the in-process replay too.
 */
import type { HttpMethod } from '../../contract/operation.ts'
import { ApiError } from '../../pipeline/api-error.ts'
import { errorResponse, jsonResponse } from '../../pipeline/compose.ts'
import type { SimRequest, SimResponse } from '../../pipeline/sim-request.ts'
import { parseJsonBody } from '../../pipeline/validate-request.ts'
import { UnknownScenarioError } from '../../scenarios/scenario-catalog.ts'
import { ScenarioError } from '../../scenarios/scenario-schema.ts'
import type { Simulator } from '../../simulator.ts'

export const CONTROL_PREFIX = '/__sim'

/** A session being recorded (`--record <file>`): the flush route writes it out. */
export interface SessionRecording {
  /** Writes the scenario file with the steps so far; recording goes on. */
  flush(): Promise<{ file: string; steps: number }>
}

export interface ControlContext {
  readonly simulator: Simulator
  readonly request: SimRequest
  /** Present while the server records its session. */
  readonly recording?: SessionRecording | undefined
}

export interface ControlRoute {
  readonly method: HttpMethod
  /** Full path, e.g. `/__sim/scenario`. */
  readonly path: string
  readonly summary: string
  handle(context: ControlContext): Promise<SimResponse> | SimResponse
}

export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)
}

/** The request body as a JSON object; anything else is a 400. */
async function jsonObject(request: SimRequest): Promise<Record<string, unknown>> {
  const body = parseJsonBody(await request.text())
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw ApiError.badRequest('body must be a JSON object')
  }
  return body as Record<string, unknown>
}

function scenarioView(simulator: Simulator) {
  return { active: simulator.scenario, status: simulator.scenarioStatus(), available: simulator.scenarios }
}

/** Activates what a PUT /__sim/scenario body names: `{ "name": "…" }` or `{ "scenario": {…}, "name"?: "…" }`. */
async function putScenario({ simulator, request }: ControlContext): Promise<SimResponse> {
  const body = await jsonObject(request)
  const { name, scenario } = body
  if (name !== undefined && typeof name !== 'string') throw ApiError.badRequest('body.name must be a string')
  if (scenario !== undefined && (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario))) {
    throw ApiError.badRequest('body.scenario must be a scenario object (to activate one by name, send {"name": "…"})')
  }
  try {
    if (scenario !== undefined) simulator.useScenario(scenario as never, name)
    else if (name !== undefined) simulator.useScenario(name)
    else throw ApiError.badRequest('send { "name": "<scenario>" } or { "scenario": { … } }')
  } catch (error) {
    if (error instanceof UnknownScenarioError) throw ApiError.badRequest(error.message)
    if (error instanceof ScenarioError) throw ApiError.badRequest(error.message.split('\n').join('; '))
    throw error
  }
  return jsonResponse(200, scenarioView(simulator))
}

export const controlRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: CONTROL_PREFIX,
    summary: 'List the control routes',
    handle: () => jsonResponse(200, { routes: controlRoutes.map(({ method, path, summary }) => ({ method, path, summary })) }),
  },
  {
    method: 'GET',
    path: `${CONTROL_PREFIX}/scenario`,
    summary: 'The active scenario (with its rule counters) and the available ones',
    handle: ({ simulator }) => jsonResponse(200, scenarioView(simulator)),
  },
  {
    method: 'PUT',
    path: `${CONTROL_PREFIX}/scenario`,
    summary: 'Activate a scenario: {"name": "flaky-backend"} or {"scenario": {...}, "name"?: "..."}',
    handle: putScenario,
  },
  {
    method: 'DELETE',
    path: `${CONTROL_PREFIX}/scenario`,
    summary: 'Deactivate the scenario (back to normal behaviour; the data is kept)',
    handle: ({ simulator }) => {
      simulator.useScenario(null)
      return jsonResponse(200, scenarioView(simulator))
    },
  },
  {
    method: 'POST',
    path: `${CONTROL_PREFIX}/reset`,
    summary: 'Back to the seeded world and clock, without a scenario',
    handle: ({ simulator }) => {
      simulator.reset()
      return jsonResponse(200, { reset: true, ...scenarioView(simulator) })
    },
  },
  {
    method: 'POST',
    path: `${CONTROL_PREFIX}/record/flush`,
    summary: 'Write the recorded session now (server started with --record <file>)',
    handle: async ({ recording }) => {
      if (recording === undefined) throw new ApiError(409, 'the server is not recording: start it with --record <file>')
      return jsonResponse(200, await recording.flush())
    },
  },
]

/** Answers a request under `/__sim` (404 for an unknown route, 405 for another method). */
export async function handleControlRequest(context: ControlContext): Promise<SimResponse> {
  const { request } = context
  const path = request.path.length > 1 && request.path.endsWith('/') ? request.path.slice(0, -1) : request.path
  const sameResource = controlRoutes.filter((route) => route.path === path)
  const route = sameResource.find((candidate) => candidate.method === request.method)
  try {
    if (route !== undefined) return await route.handle(context)
    if (sameResource.length > 0) {
      const allowed = sameResource.map((candidate) => candidate.method).join(', ')
      throw new ApiError(405, `${request.method} is not allowed on ${path} (allowed: ${allowed})`, undefined, { allow: allowed })
    }
    const known = controlRoutes.map((candidate) => `${candidate.method} ${candidate.path}`).join(', ')
    throw ApiError.notFound(`no control route ${request.method} ${path}; control routes: ${known}`)
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error)
    throw error
  }
}

/**
 * The control API: dispatches a request under `/__sim` to its route's handler. The runtime hands over
 * the wings' handlers (record and replay, the dashboard); the type makes a missing handler a compile error.
 */
import { type ControlRouteId, controlRoutes } from '../contract/control.ts'
import type { ControlRouteDefinition } from '../contract/control-route.ts'
import { ApiError, errorResponse } from '../http/api-error.ts'
import { jsonHeaders, jsonResponse, type SimRequest, type SimResponse } from '../http/sim-request.ts'
import { matchRoute, methodNotAllowed, type RouteMatch } from '../pipeline/router.ts'
import { validateRequest } from '../pipeline/validate-request.ts'
import { scenarioFileText } from '../scenarios/scenario-file-text.ts'
import { sessionOf } from '../sessions/session-header.ts'
import { assertSessionId } from '../sessions/session-registry.ts'
import { authoringHandlers } from './authoring-handlers.ts'
import { announceControlChange } from './control-events.ts'
import type { ControlContext, ControlDispatch, ControlHandlerTable } from './control-handler.ts'
import { scenarioFileHandlers } from './scenario-file-handlers.ts'
import { simulatorHandlers } from './simulator-handlers.ts'
import { tableHandlers } from './table-handlers.ts'
import { tenantHandlers } from './tenant-handlers.ts'

/** Each control route's declaration by id (the router matches the control paths alone). */
const declarationOf = new Map<ControlRouteId, ControlRouteDefinition>(controlRoutes.map((route) => [route.id, route]))

const coreHandlers = {
  ...simulatorHandlers,
  ...tenantHandlers,
  ...scenarioFileHandlers,
  ...authoringHandlers,
  ...tableHandlers,
}

/** The control routes whose handlers the wings provide (record and replay, the dashboard). */
export type WingControlRouteId = Exclude<ControlRouteId, keyof typeof coreHandlers>

/** The answer to a control path no control route takes with this method. */
function unmatched(match: Exclude<RouteMatch, { kind: 'control' }>, request: SimRequest): ApiError {
  switch (match.kind) {
    case 'method-not-allowed':
      return methodNotAllowed(request.method, request.path, match.allowed)
    case 'bad-path':
      return ApiError.badRequest(match.message)
    default: {
      const known = controlRoutes.map((route) => `${route.method} ${route.path}`).join(', ')
      return ApiError.notFound(`no control route ${request.method} ${request.path}; control routes: ${known}`)
    }
  }
}

/** Answers a request under `/__sim`: routed unless the runtime passes its match, its input validated, then handled. */
export function createControlApi(wings: ControlHandlerTable<WingControlRouteId>): ControlDispatch {
  const controlHandlers: ControlHandlerTable = { ...coreHandlers, ...wings }
  return (context, match) => handleControlRequest(controlHandlers, context, match)
}

async function handleControlRequest(
  controlHandlers: ControlHandlerTable,
  context: ControlContext,
  matched: RouteMatch | undefined,
): Promise<SimResponse> {
  const { request } = context
  try {
    const match = matched ?? matchRoute(request.method, request.path)
    if (match.kind !== 'control') throw unmatched(match, request)
    const route = declarationOf.get(match.route.id)!
    const bodyText = route.body === undefined ? '' : await request.text()
    const input = validateRequest(route, match.params, request.query, bodyText)
    // Checked before the handler, so a read (GET /__sim/state) refuses a malformed id with the
    // documented 400 rather than looking it up and answering "no such session".
    const session = route.session === true ? sessionOf(request) : null
    if (session !== null) assertSessionId(session)
    const handler = controlHandlers[match.route.id] as (input: unknown, context: ControlContext) => unknown
    if (request.method !== 'GET') {
      // After a store failed, a change is made only once the store caught up (it would not hold it otherwise).
      await context.simulator.host.writable().catch((error: unknown) => {
        throw new ApiError(
          503,
          `the change is not applied (memory is as it was): ${error instanceof Error ? error.message : String(error)}`,
        )
      })
    }
    const answer = await handler(input, context)
    const response =
      (route.produces ?? 'application/json') !== 'application/json'
        ? (answer as SimResponse)
        : route.answersFile === true
          ? { status: 200, headers: jsonHeaders(), body: scenarioFileText(answer) }
          : jsonResponse(200, answer)
    if (route.attachment !== undefined)
      response.headers = { ...response.headers, 'content-disposition': `attachment; filename="${route.attachment}"` }
    if (request.method !== 'GET') {
      const { simulator } = context
      // A reset or a moved clock is answered once it is stored, like a write of the API.
      await simulator.stored().catch((error: unknown) => {
        throw new ApiError(
          503,
          `the change is applied in memory but could not be stored: ${error instanceof Error ? error.message : String(error)}`,
        )
      })
      announceControlChange(simulator, {
        method: request.method,
        path: request.path,
        status: 200,
        session: sessionOf(request),
      })
    }
    return response
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error)
    throw error
  }
}

/**
 * What a control handler is: what one control route does to the simulator, given its input as the
 * route's declaration parses it (src/contract/control.ts) and the simulator it acts on. The table
 * of handlers is typed by the declarations, so a route without a handler does not compile. The
 * core's handlers are in this folder; the wings' (record and replay, the dashboard) take what they
 * need from the runtime that assembles them (a recording, the dashboard's files) when it builds them.
 */
import type { ControlRouteById, ControlRouteId } from '../contract/control.ts'
import type { ControlRouteDefinition } from '../contract/control-route.ts'
import type { OperationInput, OperationOutput } from '../contract/operation.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import type { RouteMatch } from '../pipeline/router.ts'
import type { SimulatorCore } from '../simulator-core.ts'

export interface ControlContext {
  readonly simulator: SimulatorCore
  readonly request: SimRequest
  /** The server's own URL, for the OpenAPI document's `servers` (none in-process). */
  readonly serverUrl?: string | undefined
}

/**
 * How the control API answers a request: what the runtime calls, and what a replayed control step
 * goes through. A runtime that routed the request already passes its `match`, so it is not routed
 * again; without one the control API routes it.
 */
export type ControlDispatch = (context: ControlContext, match?: RouteMatch) => Promise<SimResponse>

/** A value as the handler may hand it over: its arrays and objects may be read-only (it is only serialized). */
type ReadOnly<T> = T extends readonly (infer E)[]
  ? readonly ReadOnly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadOnly<T[K]> }
    : T

/**
 * What a handler answers: for a JSON route the success body, typed by the route's response schema
 * (answered with 200); for a route that produces another media type, the whole response.
 */
type ControlAnswer<Route extends ControlRouteDefinition> = Route extends { produces: infer Media }
  ? Media extends 'application/json'
    ? ReadOnly<OperationOutput<Route>>
    : SimResponse
  : ReadOnly<OperationOutput<Route>>

type ControlHandler<Id extends ControlRouteId> = (
  input: OperationInput<ControlRouteById<Id>>,
  context: ControlContext,
) => Promise<ControlAnswer<ControlRouteById<Id>>> | ControlAnswer<ControlRouteById<Id>>

export type ControlHandlerTable<Ids extends ControlRouteId = ControlRouteId> = {
  readonly [Id in Ids]: ControlHandler<Id>
}

/**
 * What a control handler is: what one control route (src/contract/control.ts) does to the simulator,
 * given its parsed input. The handler table is typed by the declarations, so a missing one does not compile.
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

/** How the control API answers a request; a runtime that routed it already passes its `match`. */
export type ControlDispatch = (context: ControlContext, match?: RouteMatch) => Promise<SimResponse>

/** A value as the handler may hand it over: its arrays and objects may be read-only (it is only serialized). */
type ReadOnly<T> = T extends readonly (infer E)[]
  ? readonly ReadOnly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadOnly<T[K]> }
    : T

/** What a handler answers: a JSON route's success body (answered with 200), or another media type's whole response. */
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

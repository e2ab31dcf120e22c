/**
 * The proxy step (`serve --proxy`): for a forwarded operation it replaces the Bearer check and the
 * resolver with the real service's answer; any other operation goes on to the simulator. It sits
 * after the scenario step, so a scenario still switches chosen operations into errors, delays and
 * network failures while the rest goes through (partial mocking, as WireMock and Mockoon do).
 *
 * Credentials are the service's to judge: with `--token` the client need send none, and without it
 * the client's own Authorization goes through and the service's 401 is the answer. The forwarder
 * is injected (src/proxy/forward.ts builds it), so no runtime that does not proxy bundles it.
 */
import type { Operation, OperationId } from '../contract/operations.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import type { ProxyReport } from '../observability/journal.ts'
import type { Step } from './compose.ts'

export interface Forwarder {
  /** The service's base URL. */
  readonly url: string
  /**
   * What the forwarder lends the service that must be kept nowhere (the proxy's `--token`): the
   * journal writes it `***` wherever a forwarded exchange holds it, a service's echo included.
   */
  readonly secrets?: readonly string[]
  /** Whether this operation is forwarded (`--proxy-only` / `--proxy-except`). */
  forwards(operation: OperationId): boolean
  /**
   * Sends the request to the service and answers with its answer, or with a 502/504 in the
   * documented shape when it cannot; never throws but for the client's own request (a 413).
   */
  forward(
    operation: Operation,
    params: Record<string, string>,
    request: SimRequest,
  ): Promise<{ response: SimResponse; report: ProxyReport }>
}

export function proxyStep(forwarder: Forwarder): Step {
  return async (context, next) => {
    if (!forwarder.forwards(context.operation.id)) return next()
    const { response, report } = await forwarder.forward(context.operation, context.params, context.request)
    context.proxy = report
    return response
  }
}

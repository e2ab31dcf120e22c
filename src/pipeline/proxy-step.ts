/**
 * The proxy step (`serve --proxy`): a forwarded operation gets the real service's answer instead of the Bearer
 * check and the resolver. It sits after the scenario step, so scenarios still apply (partial mocking). Credentials
 * are the service's to judge: with `--token` the client need send none; without it, the client's own goes through.
 * The forwarder is injected (src/proxy/forward.ts builds it), so no runtime that does not proxy bundles it.
 */
import type { Operation, OperationId } from '../contract/operations.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import type { ProxyReport } from '../observability/journal.ts'
import type { Step } from './compose.ts'

export interface Forwarder {
  /** The service's base URL. */
  readonly url: string
  /** What is lent the service that must be kept nowhere (`--token`): the journal writes it `***`, echoes included. */
  readonly secrets?: readonly string[]
  /** Whether this operation is forwarded (`--proxy-only` / `--proxy-except`). */
  forwards(operation: OperationId): boolean
  /** The service's answer, or a 502/504 in the documented shape; throws only for the client's own request (a 413). */
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

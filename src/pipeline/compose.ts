/**
 * The request pipeline as a chain of steps run in order like Hono's compose: each step may answer or call `next()`,
 * once. The one catch that turns any throw into a documented error response lives here, with the shared context.
 */
import type { Operation } from '../contract/operations.ts'
import { ApiError, errorResponse } from '../http/api-error.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import type { WorldState } from '../model/world-state.ts'
import type { ProxyReport } from '../observability/journal.ts'
import type { Tenant } from '../sessions/tenant.ts'

/** Who sent a request, as the Bearer check read it: the token, and the address it names (never the token). */
interface Caller {
  readonly token: string
  readonly address: string
}

export interface PipelineContext {
  readonly operation: Operation
  readonly params: Record<string, string>
  readonly request: SimRequest
  /** The tenant the request runs against: the default one, or its session's (set by the tenant step). */
  tenant: Tenant
  /** The world it runs against: its tenant's (tenant step), or the active scenario's own world (scenario step). */
  state: WorldState
  /** The name of the scenario that applied to it, else null (set by the scenario step; read by the journal). */
  scenario: string | null
  /** The scenario rule that answered it, as the scenario holds it, else null (scenario step; read by the counters). */
  rule: unknown
  /** Its caller once the Bearer check passed, else null (set by the check; read by the resolver and the journal). */
  caller: Caller | null
  /** What the proxy did, for a forwarded request (set by the proxy step; read by the journal). */
  proxy: ProxyReport | undefined
}

/** The context a request starts the pipeline with: its route, on `tenant`'s world; nothing decided yet. */
export function pipelineContext(
  route: Pick<PipelineContext, 'operation' | 'params' | 'request' | 'tenant'>,
): PipelineContext {
  return { ...route, state: route.tenant.state, scenario: null, rule: null, caller: null, proxy: undefined }
}

export type Step = (context: PipelineContext, next: () => Promise<SimResponse>) => Promise<SimResponse>

/** Turns anything thrown into a response; only a bug reaches the 500 branch, and it says so. */
function toErrorResponse(error: unknown, operation: Operation): SimResponse {
  if (error instanceof ApiError) return errorResponse(error)
  const detail = error instanceof Error ? error.message : String(error)
  console.error(`[debt-token-simulator] ${operation.id} failed unexpectedly:`, error)
  return errorResponse(new ApiError(500, `the simulator failed in ${operation.id}: ${detail}`))
}

/**
 * Composes steps into one function; a throw anywhere becomes an error response. A step's second `next()` throws
 * there: the steps after it would otherwise run again (another write) for one request.
 */
export function compose(steps: readonly Step[]): (context: PipelineContext) => Promise<SimResponse> {
  return (context) => {
    // Plain promise chaining rather than an async wrapper per step: fewer allocations per request.
    const fail = (error: unknown) => toErrorResponse(error, context.operation)
    const run = (i: number): Promise<SimResponse> => {
      const step = steps[i]
      if (step === undefined) return Promise.reject(new Error('the pipeline ended without a response'))
      let called = false
      const next = () => {
        if (called) {
          throw new Error(
            `pipeline step ${i + 1} of ${steps.length}${step.name === '' ? '' : ` (${step.name})`} called next() twice for ${context.operation.id}`,
          )
        }
        called = true
        return run(i + 1)
      }
      try {
        return step(context, next).then(undefined, fail)
      } catch (error) {
        return Promise.resolve(fail(error))
      }
    }
    return run(0)
  }
}

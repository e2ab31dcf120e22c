/**
 * The request pipeline as a chain of small steps (journal, session, scenario, auth, validation,
 * resolution), run in order like Hono's compose: each step may answer or call `next()`. The one
 * catch that turns any throw into a documented error response lives here.
 */
import type { Operation } from '../contract/operations.ts'
import { ApiError, errorResponse } from '../http/api-error.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'

/** What the steps of one request share. Steps add to `locals` what later steps or the journal need. */
export interface PipelineContext<State> {
  readonly operation: Operation
  readonly params: Record<string, string>
  readonly request: SimRequest
  state: State
  locals: Record<string, unknown>
}

export type Step<State> = (context: PipelineContext<State>, next: () => Promise<SimResponse>) => Promise<SimResponse>

/** Turns anything thrown into a response; only a bug reaches the 500 branch, and it says so. */
function toErrorResponse(error: unknown, operation: Operation): SimResponse {
  if (error instanceof ApiError) return errorResponse(error)
  const detail = error instanceof Error ? error.message : String(error)
  console.error(`[debt-token-simulator] ${operation.id} failed unexpectedly:`, error)
  return errorResponse(new ApiError(500, `the simulator failed in ${operation.id}: ${detail}`))
}

/** Composes steps into one function; a throw anywhere becomes an error response. */
export function compose<State>(
  steps: readonly Step<State>[],
): (context: PipelineContext<State>) => Promise<SimResponse> {
  return (context) => {
    // Plain promise chaining rather than an async wrapper per step: fewer allocations per request.
    const fail = (error: unknown) => toErrorResponse(error, context.operation)
    const run = (i: number): Promise<SimResponse> => {
      const step = steps[i]
      if (step === undefined) return Promise.reject(new Error('the pipeline ended without a response'))
      try {
        return step(context, () => run(i + 1)).then(undefined, fail)
      } catch (error) {
        return Promise.resolve(fail(error))
      }
    }
    return run(0)
  }
}

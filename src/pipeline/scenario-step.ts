/**
 * The scenario step, after routing and before the Bearer check: a scenario stands for the backend failing, so the
 * client sees its outcome whatever credentials it sends. A rule that fires waits its delay, then answers its status,
 * fails the request at the network level, or lets the call go on; responses carry `X-Sim-Scenario: <name>`.
 */

import { ApiError, errorResponse } from '../http/api-error.ts'
import type { SimResponse } from '../http/sim-request.ts'
import type { CallFields } from '../scenarios/match-fields.ts'
import { paramsByEveryName } from '../scenarios/parameter-names.ts'
import type { AppliedScenario } from '../scenarios/scenario-activation.ts'
import { errorStatusPhrase } from '../scenarios/status-phrases.ts'
import type { PipelineContext, Step } from './compose.ts'
import { parseJsonBody } from './validate-request.ts'

const sleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds))

/** What the runtimes turn into a network failure (msw: `HttpResponse.error()`; node: a destroyed socket). */
function networkErrorResponse(): SimResponse {
  return { status: 0, headers: {}, body: null, networkError: true }
}

function labelled(response: SimResponse, name: string): SimResponse {
  return response.networkError ? response : { ...response, headers: { ...response.headers, 'x-sim-scenario': name } }
}

/** The step: the scenarios of the request's tenant (default or session, `context.tenant`) decide. */
export function scenarioStep(): Step {
  // Not async itself: a request without a scenario costs one lookup, not another promise.
  const step = (context: PipelineContext, next: () => Promise<SimResponse>, prepared = false): Promise<SimResponse> => {
    const activation = context.tenant.scenarios
    // Its world.create records are made in slices first, so its first request holds no other client.
    const preparing = prepared ? undefined : activation.prepareForRequest(context.request)
    if (preparing !== undefined) return preparing.then(() => step(context, next, true))
    const applied = activation.forRequest(context.request)
    return applied === null ? next() : applyScenario(applied, context, next)
  }
  return step
}

async function applyScenario(
  applied: AppliedScenario,
  context: PipelineContext,
  next: () => Promise<SimResponse>,
): Promise<SimResponse> {
  if (applied.state !== undefined) context.state = applied.state

  let body: Promise<unknown> | undefined
  const call: CallFields = {
    params: paramsByEveryName(context.operation.id, context.params),
    query: context.request.query,
    body: () =>
      (body ??= context.request.text().then((text) => {
        try {
          return parseJsonBody(text)
        } catch {
          return undefined // a body that is not JSON matches no body rule; validation answers it later
        }
      })),
  }
  const decision = await applied.scenario.decide(context.operation.id, call)
  const name = applied.scenario.name
  context.scenario = name
  if (decision !== null) {
    if (decision.delayMs > 0) await sleep(decision.delayMs)
    const { respond, networkError } = decision.rule
    if (networkError === true || respond !== undefined) context.rule = decision.rule
    if (networkError === true) return networkErrorResponse()
    if (respond !== undefined) {
      return labelled(
        errorResponse(
          new ApiError(
            respond.status,
            respond.message,
            respond.error ?? errorStatusPhrase(respond.status),
            respond.headers,
          ),
        ),
        name,
      )
    }
  }
  return labelled(await next(), name)
}

/**
 * A replay's `send` straight into a simulator, with no port and no interception: how the command's
 * in-process replay and `POST /__sim/replay` send.
 */
import { isControlPath } from '../contract/control-route.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import type { ReplayOutcome, ReplayRequest, Send } from './replay.ts'

/** How a simulator answers a replayed request; `control` says whether its path is under `/__sim`. */
export type AnswerRequest = (request: SimRequest, control: boolean) => Promise<SimResponse>

/** The replayed request as a SimRequest: the query split off the path, headers read by lower-case name. */
function toSimRequest(request: ReplayRequest): SimRequest {
  const q = request.path.indexOf('?')
  return {
    method: request.method,
    path: q === -1 ? request.path : request.path.slice(0, q),
    query: new URLSearchParams(q === -1 ? '' : request.path.slice(q + 1)),
    header: (name) => request.headers[name.toLowerCase()] ?? null,
    text: async () => request.body ?? '',
  }
}

/** Sends each replayed request to `answer`; a scenario's network error is one here too. */
export function simulatorSend(answer: AnswerRequest): Send {
  return async (request): Promise<ReplayOutcome> => {
    const simRequest = toSimRequest(request)
    const response = await answer(simRequest, isControlPath(simRequest.path))
    if (response.networkError)
      return { kind: 'network-error', message: 'the scenario failed the request at the network level' }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) headers[name.toLowerCase()] = value
    return { kind: 'response', status: response.status, headers, body: response.body ?? '' }
  }
}

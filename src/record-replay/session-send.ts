/**
 * A replay in a session of its own on a simulator others may be using: every request carries the
 * session's `X-Sim-Session`, and a control route's `session` is told back as the one the step named,
 * so a recorded control step passes as in a simulator of its own.
 */
import { isControlPath } from '../contract/control-route.ts'
import { SESSION_HEADER } from '../sessions/session-header.ts'
import type { ReplayOutcome, ReplayRequest, Send } from './replay.ts'

/** The outcome with a control route's top-level `session` read as the step's own. */
function asStepNamed(outcome: ReplayOutcome, request: ReplayRequest, session: string): ReplayOutcome {
  const q = request.path.indexOf('?')
  if (outcome.kind !== 'response' || !isControlPath(q === -1 ? request.path : request.path.slice(0, q))) return outcome
  let body: unknown
  try {
    body = JSON.parse(outcome.body)
  } catch {
    return outcome
  }
  if (
    body === null ||
    typeof body !== 'object' ||
    Array.isArray(body) ||
    (body as { session?: unknown }).session !== session
  )
    return outcome
  const named = request.headers[SESSION_HEADER]?.trim() || null
  return { ...outcome, body: JSON.stringify({ ...body, session: named }) }
}

/** `send` in `session`: each request with its X-Sim-Session, each control answer told back as the step's. */
export function sendInSession(send: Send, session: string): Send {
  return async (request) => {
    const outcome = await send({ ...request, headers: { ...request.headers, [SESSION_HEADER]: session } })
    return asStepNamed(outcome, request, session)
  }
}

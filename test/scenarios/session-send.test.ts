/**
 * A replay in a session of its own (`replay --url`, `POST /__sim/replay`): every request carries
 * the session's X-Sim-Session, and a control route's top-level `session` is read back as the one
 * the step named, nothing else in the answer; and the fresh ids such sessions get.
 */
import { describe, expect, it } from 'vitest'
import type { ReplayOutcome, ReplayRequest, Send } from '../../src/record-replay/replay.ts'
import { sendInSession } from '../../src/record-replay/session-send.ts'
import { freshSessionId } from '../../src/sessions/session-id.ts'
import { SESSION_ID_PATTERN } from '../../src/sessions/session-registry.ts'

/** A send that records each request and answers `body` as JSON text (or as it is, when a string). */
function answering(body: unknown): { send: Send; sent: ReplayRequest[] } {
  const sent: ReplayRequest[] = []
  return {
    sent,
    send: async (request): Promise<ReplayOutcome> => {
      sent.push(request)
      return {
        kind: 'response',
        status: 200,
        headers: {},
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }
    },
  }
}

const step = (path: string, headers: Record<string, string> = {}): ReplayRequest => ({ method: 'GET', path, headers })

describe('sendInSession', () => {
  it("sends every request with the session's X-Sim-Session, replacing the step's own", async () => {
    const { send, sent } = answering({})
    const inSession = sendInSession(send, 'replay-a-0000')
    await inSession(step('/securityToken', { authorization: 'Bearer t', 'x-sim-session': 'qa-1' }))
    await inSession(step('/__sim/state?limit=1'))
    expect(sent.map((request) => request.headers)).toEqual([
      { authorization: 'Bearer t', 'x-sim-session': 'replay-a-0000' },
      { 'x-sim-session': 'replay-a-0000' },
    ])
  })

  it("tells a control route's top-level session back as the step's, null when it named none", async () => {
    const answer = { session: 'replay-a-0000', counts: {}, entries: [{ session: 'replay-a-0000' }] }
    const unnamed = await sendInSession(answering(answer).send, 'replay-a-0000')(step('/__sim/state'))
    expect(unnamed.kind === 'response' && JSON.parse(unnamed.body)).toEqual({ ...answer, session: null })
    const named = await sendInSession(
      answering(answer).send,
      'replay-a-0000',
    )(step('/__sim/state?table=users', { 'x-sim-session': 'qa-1' }))
    expect(named.kind === 'response' && JSON.parse(named.body)).toEqual({ ...answer, session: 'qa-1' })
  })

  it('leaves every other answer as it came', async () => {
    for (const [path, body] of [
      ['/users', { session: 'replay-a-0000' }], // the API's, not a control route's
      ['/__sim/state', { session: 'someone-else' }],
      ['/__sim/journal', [{ session: 'replay-a-0000' }]],
      ['/__sim/health', 'not JSON'],
    ] as const) {
      const text = typeof body === 'string' ? body : JSON.stringify(body)
      const outcome = await sendInSession(answering(body).send, 'replay-a-0000')(step(path))
      expect(outcome).toEqual({ kind: 'response', status: 200, headers: {}, body: text })
    }
    const failing: Send = async () => ({ kind: 'network-error', message: 'ECONNREFUSED' })
    expect(await sendInSession(failing, 'replay-a-0000')(step('/__sim/state'))).toEqual({
      kind: 'network-error',
      message: 'ECONNREFUSED',
    })
  })
})

describe('freshSessionId', () => {
  it('is <prefix>-<title>-<suffix>, the title reduced to what a session id holds, within 64 characters', () => {
    expect(freshSessionId('replay', 'my scenario (v2)', 'scenario', 'abcd0123')).toBe('replay-my-scenario-v2-abcd0123')
    expect(freshSessionId('pw', '  ', 'test', 'abcd0123')).toBe('pw-test-abcd0123')
    for (const title of ['x'.repeat(200), `${'a'.repeat(47)} b`, 'é'.repeat(80)]) {
      const id = freshSessionId('replay', title, 'scenario')
      expect(id).toMatch(SESSION_ID_PATTERN)
      expect(id).not.toMatch(/--/)
    }
    expect(freshSessionId('replay', 'x'.repeat(200), 'scenario')).toHaveLength(64)
  })

  it('draws a new suffix of 8 hexadecimal digits each time', () => {
    const ids = new Set(Array.from({ length: 20 }, () => freshSessionId('pw', 'same', 'test')))
    expect(ids.size).toBe(20)
    for (const id of ids) expect(id).toMatch(/^pw-same-[0-9a-f]{8}$/)
  })
})

/**
 * An empty `X-Sim-Session:` is a malformed session id, not "no session": the document says the
 * header is 1-64 characters, so the simulator answers the documented 400 rather than quietly acting
 * on the shared world (a test suite whose session variable was empty would otherwise reset
 * everyone's). A control read checks the id before looking it up: 400, not "no such session".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())

const MESSAGE = 'header X-Sim-Session must be 1-64 characters of A-Z a-z 0-9 . _ ~ -, other than . and ..'

async function send(method: string, path: string, session: string, auth = false) {
  const reply = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-sim-session': session, ...(auth && { authorization: 'Bearer t' }) },
  })
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> }
}

describe('an empty or malformed X-Sim-Session', () => {
  it('gets the documented 400 from an API operation', async () => {
    for (const session of ['', ' ', '..']) {
      expect(await send('GET', '/securityToken', session, true), JSON.stringify(session)).toEqual({
        status: 400,
        body: { statusCode: '400', error: 'Bad Request', message: MESSAGE },
      })
    }
  })

  it('gets the documented 400 from every control route that takes it, writes and reads alike', async () => {
    for (const [method, path] of [
      ['POST', '/__sim/reset'],
      ['GET', '/__sim/state'],
      ['GET', '/__sim/scenario'],
      ['DELETE', '/__sim/scenario'],
      ['GET', '/__sim/tables/users'],
    ] as const) {
      for (const session of ['', '.', 'a b']) {
        const reply = await send(method, path, session)
        expect(reply.status, `${method} ${path} ${JSON.stringify(session)}`).toBe(400)
        expect(reply.body.message).toBe(MESSAGE)
      }
    }
    expect(server.simulator.sessions.list()).toEqual([])
  })

  it('still names a session when well formed, and a route without sessions ignores it', async () => {
    expect((await send('GET', '/__sim/state', 'qa-1')).status).toBe(404)
    expect((await send('POST', '/__sim/reset', 'qa-1')).status).toBe(200)
    expect((await send('GET', '/__sim/state', 'qa-1')).status).toBe(200)
    expect((await send('GET', '/__sim/health', '')).status).toBe(200)
  })
})

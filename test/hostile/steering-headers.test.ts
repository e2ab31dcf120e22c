/**
 * Foreign pages cannot steer the simulator through the API (issue 20, finding 6): 100 fetch calls
 * with `X-Sim-Session: evil-N` from any web page filled the session table, and QA's next session
 * got 429. `X-Sim-Session` and `X-Sim-Scenario` are now taken only from the callers the control
 * API answers; the API itself still answers every origin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, sessionLimit: 3, controlOrigins: ['https://qa.example.com'] })
})
afterAll(() => server.close())
beforeEach(() => server.simulator.reset())

const AUTH = { authorization: 'Bearer t' }
const EVIL = 'https://evil.example'

async function sessionIds(): Promise<string[]> {
  const list = (await (await fetch(`${server.url}/__sim/sessions`)).json()) as { sessions: { id: string }[] }
  return list.sessions.map((session) => session.id)
}

describe('X-Sim-Session and X-Sim-Scenario on API calls', () => {
  it('are refused from a foreign origin with 403 in the documented shape, and open no session', async () => {
    const before = await sessionIds()
    for (let i = 0; i < 10; i++) {
      const reply = await fetch(`${server.url}/securityToken`, {
        headers: { ...AUTH, origin: EVIL, 'x-sim-session': `evil-${i}` },
      })
      expect(reply.status).toBe(403)
      const body = (await reply.json()) as { statusCode: string; error: string; message: string }
      expect(body).toMatchObject({ statusCode: '403', error: 'Forbidden' })
      expect(body.message).toContain('X-Sim-Session')
      expect(body.message).toContain('--control-origin https://evil.example')
    }
    expect(await sessionIds()).toEqual(before)
    // QA's own session still opens (the limit is 3): the table was not filled.
    const qa = await fetch(`${server.url}/securityToken`, { headers: { ...AUTH, 'x-sim-session': 'qa-1' } })
    expect(qa.status).toBe(200)
    expect(await sessionIds()).toContain('qa-1')
  })

  it('refuse a scenario header from a foreign origin: its counters do not move', async () => {
    const headers = { ...AUTH, 'x-sim-scenario': 'flaky-backend' } // every 3rd call it counts answers 503
    for (let i = 0; i < 2; i++) {
      const reply = await fetch(`${server.url}/securityToken`, { headers: { ...headers, origin: EVIL } })
      expect(reply.status).toBe(403)
      expect(((await reply.json()) as { message: string }).message).toContain('X-Sim-Scenario')
    }
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/securityToken`, { headers })).status)
    expect(statuses).toEqual([200, 200, 503])
  })

  it('refuse the preflight of a foreign page that asks to send them', async () => {
    const preflight = await fetch(`${server.url}/securityToken`, {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-sim-session',
      },
    })
    expect(preflight.status).toBe(403)
  })

  it('are taken from loopback pages, --control-origin pages and clients without an Origin', async () => {
    for (const origin of ['http://localhost:5173', 'https://qa.example.com', undefined]) {
      const reply = await fetch(`${server.url}/securityToken`, {
        headers: { ...AUTH, 'x-sim-session': 'qa-2', ...(origin !== undefined && { origin }) },
      })
      expect(reply.status, origin).toBe(200)
    }
  })

  it('leave API calls without them open to every origin, preflight included', async () => {
    const reply = await fetch(`${server.url}/securityToken`, { headers: { ...AUTH, origin: EVIL } })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('access-control-allow-origin')).toBe(EVIL)
    const preflight = await fetch(`${server.url}/securityToken`, {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
    // Not advertised to it either: a cached preflight must not spare the one a steering request deserves.
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).not.toContain('x-sim-')
  })
})

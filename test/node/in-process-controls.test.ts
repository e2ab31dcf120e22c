/** The same controls in-process: journal, sessions, state, clock, OpenAPI, through real fetch under msw. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'

const { simulator, server } = setupSimulatorServer({ baseUrl: 'https://api.example.test' })
beforeAll(() => server.listen(strictListenOptions))
beforeEach(() => simulator.reset())
afterAll(() => server.close())

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`https://api.example.test${path}`, { headers: { authorization: 'Bearer t', ...headers } })

describe('in-process controls', () => {
  it('journal every request and notify listeners', async () => {
    const seen: string[] = []
    const stop = simulator.journal.onExchange((entry) => seen.push(`${entry.operation} ${entry.status}`))
    await get('/securityToken')
    await get('/securityToken', { authorization: '' })
    stop()
    await get('/securityToken')
    expect(seen).toEqual(['listSecurityTokens 200', 'listSecurityTokens 401'])
    expect(simulator.journal.list({ status: 401 })).toHaveLength(1)
    expect(simulator.journal.total).toBe(3)
  })

  it('isolate sessions and let a test drive one directly', async () => {
    simulator.sessions.get('worker-1').scenarios.use('expired-credentials')
    expect((await get('/securityToken', { 'x-sim-session': 'worker-1' })).status).toBe(401)
    expect((await get('/securityToken', { 'x-sim-session': 'worker-2' })).status).toBe(200)
    expect(simulator.sessions.list().map((session) => session.id)).toEqual(['worker-1', 'worker-2'])
    simulator.sessions.get('worker-1').reset()
    expect((await get('/securityToken', { 'x-sim-session': 'worker-1' })).status).toBe(200)
    expect(simulator.state({ session: 'worker-2' }).counts.securityTokens).toBe(3)
    expect(() => simulator.state({ session: 'nobody' })).toThrow(/no session nobody/)
  })

  it('move the clock and serve the OpenAPI document', async () => {
    simulator.clock.set(new Date('2030-01-01T00:00:00Z'))
    const tokens = await (await get('/securityToken?marketplace=true')).json()
    expect(tokens).toEqual([])
    expect(simulator.state().clock.now).toBe('2030-01-01T00:00:00.000Z')
    expect(((await simulator.host.openapi()) as { openapi: string }).openapi).toBe('3.1.0')
  })
})

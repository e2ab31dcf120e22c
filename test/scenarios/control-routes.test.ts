/**
 * The control API of the standalone server: scenarios are switched at runtime with
 * GET/PUT/DELETE /__sim/scenario and POST /__sim/reset, without any Bearer token, and mistakes are
 * answered in the documented error shape.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { expectErrorShape, fixtures } from '../support/world.ts'
import { scenarioOf } from './support.ts'

async function request(
  server: StandaloneServer,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(method !== 'GET' && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) }
}

const bearer = { authorization: 'Bearer control-test' }

describe('control routes', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(async () => server.close())
  beforeEach(() => server.simulator.reset())

  it('GET /__sim/scenario shows the active scenario and the available ones, without a token', async () => {
    const reply = await request(server, 'GET', '/__sim/scenario')
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual({
      session: null,
      active: null,
      status: null,
      available: server.simulator.scenarios.names,
    })
    expect(reply.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('PUT /__sim/scenario activates a named scenario for every client; DELETE goes back to normal', async () => {
    const put = await request(server, 'PUT', '/__sim/scenario', { name: 'expired-credentials' })
    expect(put.status).toBe(200)
    expect(put.json).toMatchObject({
      active: 'expired-credentials',
      status: { name: 'expired-credentials', rules: [{ operation: '*', calls: 0, fired: 0 }] },
    })
    expect(expectErrorShape(await request(server, 'GET', '/securityToken', undefined, bearer), 401)).toBe('jwt expired')
    expect((await request(server, 'GET', '/__sim/scenario')).json.status.rules[0]).toEqual({
      operation: '*',
      calls: 1,
      fired: 1,
    })
    const deleted = await request(server, 'DELETE', '/__sim/scenario')
    expect(deleted.json).toMatchObject({ active: null })
    expect((await request(server, 'GET', '/securityToken', undefined, bearer)).status).toBe(200)
  })

  it('PUT /__sim/scenario activates an inline scenario, named or not', async () => {
    const scenario = scenarioOf([{ operation: 'getUser', respond: { status: 404, message: 'no such user here' } }])
    expect((await request(server, 'PUT', '/__sim/scenario', { scenario })).json.active).toBe('inline')
    expect((await request(server, 'PUT', '/__sim/scenario', { scenario, name: 'users-gone' })).json.active).toBe(
      'users-gone',
    )
    const reply = await request(server, 'GET', `/users/${fixtures.users[0]!.id}`, undefined, bearer)
    expect(expectErrorShape(reply, 404)).toBe('no such user here')
    expect(reply.headers.get('x-sim-scenario')).toBe('users-gone')
  })

  it('POST /__sim/reset restores the seeded world and clears the scenario', async () => {
    await request(server, 'PUT', '/__sim/scenario', { name: 'empty-world' })
    expect((await request(server, 'GET', '/securityToken', undefined, bearer)).json).toEqual([])
    const reset = await request(server, 'POST', '/__sim/reset')
    expect(reset.json).toMatchObject({ reset: true, active: null })
    expect((await request(server, 'GET', '/securityToken', undefined, bearer)).json).toHaveLength(
      fixtures.securityTokens.length,
    )
  })

  it('answers mistakes in the documented shape', async () => {
    const unknown = await request(server, 'PUT', '/__sim/scenario', { name: 'nope' })
    expect(expectErrorShape(unknown, 400)).toBe(
      `unknown scenario "nope"; available: ${server.simulator.scenarios.names.join(', ')}`,
    )
    const invalid = await request(server, 'PUT', '/__sim/scenario', {
      scenario: { description: 'x', rules: [{ operation: '*', every: 0, delayMs: 1 }] },
    })
    expect(expectErrorShape(invalid, 400)).toMatch(/^scenario "inline": rules\[0\]\.every: /)
    expect(expectErrorShape(await request(server, 'PUT', '/__sim/scenario', '{"name":'), 400)).toMatch(/not valid JSON/)
    expect(expectErrorShape(await request(server, 'PUT', '/__sim/scenario', []), 400)).toBe(
      'body must be a JSON object, got array',
    )
    expect(expectErrorShape(await request(server, 'PUT', '/__sim/scenario', {}), 400)).toBe(
      'body must be {"name": "<scenario>"} or {"scenario": {…}, "name"?: "…"}: give name or scenario',
    )
    expect(expectErrorShape(await request(server, 'PUT', '/__sim/scenario', { name: 3 }), 400)).toBe(
      'body.name must be a string, got number',
    )
    expect(expectErrorShape(await request(server, 'PUT', '/__sim/scenario', { scenario: 'flaky-backend' }), 400)).toBe(
      'body.scenario must be a JSON object, got "flaky-backend"',
    )
    expect(expectErrorShape(await request(server, 'PUT', '/__sim/scenario', ''), 400)).toBe(
      'body is required: send a JSON object with Content-Type: application/json',
    )
    expect(expectErrorShape(await request(server, 'GET', '/__sim/nothing'), 404)).toMatch(
      /^no control route GET \/__sim\/nothing; control routes: GET \/__sim, /,
    )
    const wrongMethod = await request(server, 'POST', '/__sim/scenario')
    expect(expectErrorShape(wrongMethod, 405)).toMatch(/allowed: GET, PUT, DELETE/)
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT, DELETE, HEAD, OPTIONS')
    expect(expectErrorShape(await request(server, 'POST', '/__sim/record/flush'), 409)).toMatch(/not recording/)
    expect(server.simulator.scenarios.active).toBeNull()
  })

  it('GET /__sim lists the control routes', async () => {
    const reply = await request(server, 'GET', '/__sim')
    expect(reply.json.routes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'PUT', path: '/__sim/scenario' }),
        expect.objectContaining({ method: 'POST', path: '/__sim/reset' }),
      ]),
    )
  })
})

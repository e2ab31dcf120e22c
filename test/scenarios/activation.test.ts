/**
 * Activation with the same semantics everywhere: in-process (`useScenario`, `reset()`), per request
 * with `X-Sim-Scenario` (two clients with different scenarios at once, in every runtime), worlds
 * switched by a scenario, unknown names that list the available ones, and the evaluation order
 * (scenarios before the Bearer check).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { UnknownScenarioError } from '../../src/scenarios/scenario-catalog.ts'
import { ScenarioError } from '../../src/scenarios/scenario-schema.ts'
import {
  inProcessTarget,
  type SimulatorTarget,
  type SimulatorTargetFactory,
  standaloneTarget,
} from '../support/target.ts'
import { expectErrorShape, fixtures } from '../support/world.ts'
import { call, investorPayment, scenarioOf } from './support.ts'

const TOKEN = fixtures.securityTokens[0]!.contractAddress
const SHIPPED = [
  'debtor-query-rejected',
  'empty-world',
  'expired-credentials',
  'flaky-backend',
  'investor-payment-rejected',
  'manager-payment-rejected',
  'rich-world',
  'security-token-rejected',
  'service-smoke',
  'slow-backend',
]

describe('useScenario', () => {
  it('activates a shipped scenario by name, and reset() goes back to normal', async () => {
    const simulator = createSimulator()
    expect(simulator.scenarios.active).toBeNull()
    expect(simulator.scenarios.names).toEqual(SHIPPED)
    simulator.scenarios.use('expired-credentials')
    expect(simulator.scenarios.active).toBe('expired-credentials')
    expect(expectErrorShape(await call(simulator, 'GET', '/securityToken'), 401)).toBe('jwt expired')
    simulator.reset()
    expect(simulator.scenarios.active).toBeNull()
    expect((await call(simulator, 'GET', '/securityToken')).status).toBe(200)
  })

  it('activates an inline scenario object, under a name of choice', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([{ operation: 'getUser', respond: { status: 404, message: 'gone' } }]),
      'users-gone',
    )
    expect(simulator.scenarios.active).toBe('users-gone')
    const reply = await call(simulator, 'GET', `/users/${fixtures.users[0]!.id}`)
    expect(reply.json.message).toBe('gone')
    expect(reply.headers['x-sim-scenario']).toBe('users-gone')
  })

  it('rejects an unknown name with the list of available ones', () => {
    const simulator = createSimulator()
    expect(() => simulator.scenarios.use('flakey-backend')).toThrow(UnknownScenarioError)
    expect(() => simulator.scenarios.use('flakey-backend')).toThrow(
      `unknown scenario "flakey-backend"; available: ${SHIPPED.join(', ')}`,
    )
    expect(simulator.scenarios.active).toBeNull()
  })

  it('rejects an invalid scenario object with the path of the bad field', () => {
    const simulator = createSimulator()
    const bad = scenarioOf([{ operation: 'listSecurityTokens', respond: { status: 302, message: 'moved' } }])
    expect(() => simulator.scenarios.use(bad)).toThrow(ScenarioError)
    expect(() => simulator.scenarios.use(bad)).toThrow(
      'scenario "inline": rules[0].respond.status: must be an HTTP error status: a whole number from 400 to 599, got 302',
    )
  })

  it('null deactivates and keeps the data; activating again starts the counters from zero', async () => {
    const simulator = createSimulator()
    const flaky = scenarioOf([{ operation: '*', every: 2, respond: { status: 503, message: 'down' } }])
    simulator.scenarios.use(flaky)
    expect((await call(simulator, 'POST', '/investor', { body: investorPayment(TOKEN) })).status).toBe(200)
    simulator.scenarios.use(null)
    expect(simulator.scenarios.active).toBeNull()
    const listed = await call(simulator, 'GET', `/investor/${investorPayment(TOKEN).investorAddress}/${TOKEN}`)
    expect(listed.json).toHaveLength(1)
    simulator.scenarios.use(flaky)
    expect((await call(simulator, 'GET', '/securityToken')).status).toBe(200)
    expect((await call(simulator, 'GET', '/securityToken')).status).toBe(503)
  })

  it('accepts more scenarios by name at creation, validated with their name', () => {
    const simulator = createSimulator({ scenarios: { mine: scenarioOf([{ operation: '*', delayMs: 1 }]) } })
    expect(simulator.scenarios.names).toContain('mine')
    expect(() => createSimulator({ scenarios: { broken: { rules: [] } } })).toThrow('scenario "broken": description: ')
  })
})

describe('worlds', () => {
  it('a scenario with a world replaces the model, and leaving it brings back the own world', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use('empty-world')
    expect((await call(simulator, 'GET', '/securityToken')).json).toEqual([])
    expect(simulator.model.securityTokens.all()).toEqual([])
    simulator.scenarios.use('rich-world')
    const rich = (
      await call(
        simulator,
        'GET',
        `/manager/debt-tokens/${(await call(simulator, 'GET', '/securityToken')).json[0].contractAddress}`,
      )
    ).json
    expect(rich.length).toBeGreaterThan(fixtures.debtTokens.length)
    simulator.scenarios.use('flaky-backend') // no world: the simulator's own, fresh
    expect(simulator.model.securityTokens.all()).toHaveLength(fixtures.securityTokens.length)
    simulator.scenarios.use('empty-world')
    simulator.reset()
    expect((await call(simulator, 'GET', '/securityToken')).json).toHaveLength(fixtures.securityTokens.length)
  })

  it('a scenario without a world keeps the data already created', async () => {
    const simulator = createSimulator()
    await call(simulator, 'POST', '/investor', { body: investorPayment(TOKEN) })
    simulator.scenarios.use('slow-backend')
    simulator.scenarios.use(null)
    expect(simulator.model.investorPayments.all()).toHaveLength(fixtures.investorPayments.length + 1)
  })
})

describe('X-Sim-Scenario header (in-process pipeline)', () => {
  it('applies a scenario to one request only, overriding the active one', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use('flaky-backend')
    const reply = await call(simulator, 'GET', '/securityToken', {
      headers: { 'x-sim-scenario': 'expired-credentials' },
    })
    expect(expectErrorShape(reply, 401)).toBe('jwt expired')
    expect(reply.headers['x-sim-scenario']).toBe('expired-credentials')
    expect(simulator.scenarios.status()?.rules[0]?.calls).toBe(0)
    expect((await call(simulator, 'GET', '/securityToken')).headers['x-sim-scenario']).toBe('flaky-backend')
  })

  it('answers an unknown name with a 400 that lists the available ones', async () => {
    const simulator = createSimulator()
    const reply = await call(simulator, 'GET', '/securityToken', { headers: { 'x-sim-scenario': 'nope' } })
    expect(expectErrorShape(reply, 400)).toBe(
      `unknown scenario "nope"; available: ${SHIPPED.join(', ')} (from the X-Sim-Scenario header)`,
    )
  })

  it('keeps counters per header scenario until reset()', async () => {
    const simulator = createSimulator()
    const flaky = { 'x-sim-scenario': 'flaky-backend' }
    const statuses = async () => {
      const out: number[] = []
      for (let i = 0; i < 3; i++) out.push((await call(simulator, 'GET', '/securityToken', { headers: flaky })).status)
      return out
    }
    expect(await statuses()).toEqual([200, 200, 503])
    expect(await statuses()).toEqual([200, 200, 503])
    await call(simulator, 'GET', '/securityToken', { headers: flaky })
    simulator.reset()
    expect(await statuses()).toEqual([200, 200, 503])
  })

  it('runs a header scenario with a world against its own model, leaving the default one alone', async () => {
    const simulator = createSimulator()
    const empty = { 'x-sim-scenario': 'empty-world' }
    expect((await call(simulator, 'GET', '/securityToken', { headers: empty })).json).toEqual([])
    await call(simulator, 'POST', '/securityToken', { headers: empty, body: { data: { instrument: 'CCB' } } })
    expect((await call(simulator, 'GET', '/securityToken', { headers: empty })).json).toHaveLength(1)
    expect((await call(simulator, 'GET', '/securityToken')).json).toHaveLength(fixtures.securityTokens.length)
    simulator.reset()
    expect((await call(simulator, 'GET', '/securityToken', { headers: empty })).json).toEqual([])
  })

  it('is ignored when empty, and responses without a scenario carry no X-Sim-Scenario', async () => {
    const simulator = createSimulator()
    const reply = await call(simulator, 'GET', '/securityToken', { headers: { 'x-sim-scenario': '  ' } })
    expect(reply.status).toBe(200)
    expect(reply.headers['x-sim-scenario']).toBeUndefined()
  })
})

describe('evaluation order', () => {
  it('scenarios run before the Bearer check: a request without credentials gets the scenario outcome', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([{ operation: 'listSecurityTokens', respond: { status: 503, message: 'maintenance' } }]),
    )
    expect(expectErrorShape(await call(simulator, 'GET', '/securityToken', { auth: false }), 503)).toBe('maintenance')
    // an operation the scenario leaves alone still checks the Bearer token
    expect((await call(simulator, 'GET', `/users/${fixtures.users[0]!.id}`, { auth: false })).status).toBe(401)
  })

  it('unknown routes are not operations: no rule applies to them', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(scenarioOf([{ operation: '*', respond: { status: 503, message: 'down' } }]))
    expect((await call(simulator, 'GET', '/nowhere')).status).toBe(404)
    expect((await call(simulator, 'PATCH', '/securityToken')).status).toBe(405)
  })
})

const targets: [string, SimulatorTargetFactory][] = [
  ['in-process', inProcessTarget],
  ['standalone', standaloneTarget],
]

describe.each(targets)('two clients with different scenarios at once, %s', (_name, factory) => {
  let target: SimulatorTarget
  beforeAll(async () => {
    target = await factory()
  })
  afterAll(async () => target.close())
  beforeEach(() => target.simulator.reset())

  it('each client gets its own scenario, interleaved, while a third sees normal behaviour', async () => {
    const slowClient = { 'x-sim-scenario': 'slow-backend' }
    const expiredClient = { 'x-sim-scenario': 'expired-credentials' }
    const started = performance.now()
    const timed = async <T>(reply: Promise<T>) => ({ reply: await reply, at: performance.now() - started })
    const [slowTimed, expiredTimed, normalTimed] = await Promise.all([
      timed(target.send('GET', '/securityToken', { headers: slowClient })),
      timed(target.send('GET', '/securityToken', { headers: expiredClient })),
      timed(target.send('GET', '/securityToken')),
    ])
    const [slow, expired, normal] = [slowTimed.reply, expiredTimed.reply, normalTimed.reply]
    expect(slow.status).toBe(200)
    expect(slow.headers.get('x-sim-scenario')).toBe('slow-backend')
    expect(slowTimed.at).toBeGreaterThanOrEqual(290)
    // the other clients were answered while the slow one still waited
    expect(Math.max(expiredTimed.at, normalTimed.at)).toBeLessThan(slowTimed.at)
    expect(expectErrorShape(expired, 401)).toBe('jwt expired')
    expect(normal.status).toBe(200)
    expect(normal.headers.get('x-sim-scenario')).toBeNull()
    expect(normal.json).toEqual(slow.json)
  })

  it('the same holds with a globally active scenario: the header wins for its requests only', async () => {
    target.simulator.scenarios.use('empty-world')
    const [empty, flaky] = await Promise.all([
      target.send('GET', '/securityToken'),
      Promise.all(
        [1, 2, 3].map(() => target.send('GET', '/securityToken', { headers: { 'x-sim-scenario': 'flaky-backend' } })),
      ),
    ])
    expect(empty.json).toEqual([])
    expect(flaky.map((reply) => reply.status).sort()).toEqual([200, 200, 503])
    // flaky-backend has no world: its requests ran against the simulator's model, the empty world
    expect(flaky.find((reply) => reply.status === 200)!.json).toEqual([])
  })
})

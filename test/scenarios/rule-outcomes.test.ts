/**
 * What a rule does when it fires, the same in every runtime: the documented error shape with a
 * status and message (400 and any other 4xx or 5xx, a 429 with Retry-After), a delay alone or before another outcome, and a
 * network error. Each case runs in-process (msw setupServer) and against the standalone server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/scenarios/scenario-schema.ts'
import { createScenarioState } from '../../src/scenarios/scenario-state.ts'
import {
  inProcessTarget,
  type SimulatorTarget,
  type SimulatorTargetFactory,
  standaloneTarget,
} from '../support/target.ts'
import { expectErrorShape, fixtures } from '../support/world.ts'
import { investorPayment, scenarioOf } from './support.ts'

const TOKEN = fixtures.securityTokens[0]!.contractAddress
const targets: [string, SimulatorTargetFactory][] = [
  ['in-process', inProcessTarget],
  ['standalone', standaloneTarget],
]

describe.each(targets)('rule outcomes, %s', (_name, factory) => {
  let target: SimulatorTarget
  beforeAll(async () => {
    target = await factory()
  })
  afterAll(async () => target.close())
  beforeEach(() => target.simulator.reset())

  it('answers the documented 400 shape with the given message', async () => {
    target.simulator.scenarios.use(
      scenarioOf([
        {
          operation: 'createInvestorPayment',
          respond: { status: 400, message: 'Insufficient balance in vault for amortization payment' },
        },
      ]),
    )
    const reply = await target.send('POST', '/investor', { body: investorPayment(TOKEN) })
    expect(expectErrorShape(reply, 400)).toBe('Insufficient balance in vault for amortization payment')
    expect(reply.json.error).toBe('Bad Request')
    expect(reply.headers.get('x-sim-scenario')).toBe('inline')
  })

  it('answers 401, 403, 404, 409, 500 and 503 in the same shape, with their reason phrase or the given error', async () => {
    const statuses = [401, 403, 404, 409, 500, 503] as const
    const phrases = [
      'Unauthorized',
      'Forbidden',
      'Not Found',
      'Conflict',
      'Internal Server Error',
      'Service Unavailable',
    ]
    target.simulator.scenarios.use(
      scenarioOf([
        ...statuses.map((status) => ({
          operation: 'listSecurityTokens' as const,
          match: { query: { contractAddress: `0x${String(status).padStart(40, '0')}` } },
          respond: { status, message: `forced ${status}` },
        })),
        {
          operation: 'getUser',
          respond: {
            status: 403,
            message: 'role investor cannot read users',
            error: 'Forbidden by policy',
            headers: { 'x-reason': 'role' },
          },
        },
      ]),
    )
    for (const [i, status] of statuses.entries()) {
      const reply = await target.send('GET', `/securityToken?contractAddress=0x${String(status).padStart(40, '0')}`)
      expect(expectErrorShape(reply, status)).toBe(`forced ${status}`)
      expect(reply.json.error).toBe(phrases[i])
    }
    const custom = await target.send('GET', `/users/${fixtures.users[0]!.id}`)
    expect(custom.json).toEqual({
      statusCode: '403',
      error: 'Forbidden by policy',
      message: 'role investor cannot read users',
    })
    expect(custom.headers.get('x-reason')).toBe('role')
  })

  it('answers any 4xx or 5xx: a 429 with Retry-After, and statuses without a phrase of their own', async () => {
    target.simulator.scenarios.use(
      scenarioOf([
        {
          operation: 'createInvestorPayment',
          respond: { status: 429, message: 'rate limit: 10 payments a minute', headers: { 'Retry-After': '30' } },
        },
        ...([418, 451, 499, 504, 511, 599] as const).map((status) => ({
          operation: 'listSecurityTokens' as const,
          match: { query: { contractAddress: `0x${String(status).padStart(40, '0')}` } },
          respond: { status, message: `forced ${status}` },
        })),
      ]),
    )
    const limited = await target.send('POST', '/investor', { body: investorPayment(TOKEN) })
    expect(limited.json).toEqual({
      statusCode: '429',
      error: 'Too Many Requests',
      message: 'rate limit: 10 payments a minute',
    })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('30')
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/)
    const phrases = {
      418: "I'm a teapot",
      451: 'Unavailable For Legal Reasons',
      499: 'Client Error',
      504: 'Gateway Timeout',
      511: 'Network Authentication Required',
      599: 'Server Error',
    }
    for (const [status, phrase] of Object.entries(phrases)) {
      const reply = await target.send('GET', `/securityToken?contractAddress=0x${status.padStart(40, '0')}`)
      expect(expectErrorShape(reply, Number(status))).toBe(`forced ${status}`)
      expect(reply.json.error, status).toBe(phrase)
    }
  })

  it('delays a call that then behaves normally', async () => {
    target.simulator.scenarios.use(scenarioOf([{ operation: 'listSecurityTokens', delayMs: 150 }]))
    const started = performance.now()
    const reply = await target.send('GET', '/securityToken')
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    expect(reply.status).toBe(200)
    expect(reply.json).toHaveLength(fixtures.securityTokens.length)
    expect((await target.send('GET', `/users/${fixtures.users[0]!.id}`)).status).toBe(200)
    // The delay fired for the list alone: another operation was neither matched nor delayed. (No
    // upper bound on wall time: a busy machine may take as long as the delay to answer anything.)
    expect(target.simulator.scenarios.status()?.rules).toEqual([
      { operation: 'listSecurityTokens', calls: 1, fired: 1 },
    ])
  })

  it('delays before another outcome', async () => {
    target.simulator.scenarios.use(
      scenarioOf([
        { operation: 'listSecurityTokens', delayMs: 150, respond: { status: 503, message: 'late and down' } },
      ]),
    )
    const started = performance.now()
    const reply = await target.send('GET', '/securityToken')
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    expect(expectErrorShape(reply, 503)).toBe('late and down')
  })

  it('fails the request at the network level', async () => {
    target.simulator.scenarios.use(scenarioOf([{ operation: 'listSecurityTokens', times: 1, networkError: true }]))
    await expect(target.send('GET', '/securityToken')).rejects.toThrow()
    expect((await target.send('GET', '/securityToken')).status).toBe(200)
  })

  it('delays before a network error', async () => {
    target.simulator.scenarios.use(scenarioOf([{ operation: 'listSecurityTokens', delayMs: 120, networkError: true }]))
    const started = performance.now()
    await expect(target.send('GET', '/securityToken')).rejects.toThrow()
    expect(performance.now() - started).toBeGreaterThanOrEqual(110)
  })
})

describe('delay ranges', () => {
  it('draw from the seed: within the range, and the same sequence for the same seed and scenario', async () => {
    const scenario = parseScenario(scenarioOf([{ operation: '*', delayMs: { min: 300, max: 1500 } }]), 'test')
    const draws = async (seed: number) => {
      const state = createScenarioState('slow', scenario, seed)
      const out: number[] = []
      for (let i = 0; i < 20; i++) {
        const decision = await state.decide('listSecurityTokens', {
          params: {},
          query: new URLSearchParams(),
          body: async () => undefined,
        })
        out.push(decision!.delayMs)
      }
      return out
    }
    const first = await draws(1)
    expect(first.every((ms) => ms >= 300 && ms <= 1500)).toBe(true)
    expect(new Set(first).size).toBeGreaterThan(5)
    expect(await draws(1)).toEqual(first)
    expect(await draws(2)).not.toEqual(first)
  })
})

/**
 * Which calls a rule applies to and when it fires: matching on path parameters, query and body,
 * `times`, `fromCall`, `every`, `*`, the first rule that applies winning, and the counting that
 * makes "the 2nd POST /investor" mean the 2nd call to the operation.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { fixtures } from '../support/world.ts'
import { call, INVESTOR, investorPayment, OTHER_INVESTOR, scenarioOf } from './support.ts'

const TOKEN = fixtures.securityTokens[0]!.contractAddress
const DEBTOR = fixtures.debtTokens[0]!.debtorAddress
const teapot = (message = 'scenario says no') => ({ status: 409 as const, message })

async function statuses(count: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = []
  for (let i = 1; i <= count; i++) out.push((await send(i)).status)
  return out
}

describe('matching', () => {
  it('matches path parameters, with 0x… values compared without regard to case', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([
        {
          operation: 'listDebtorDebtTokens',
          match: { params: { address: DEBTOR.toUpperCase().replace('0X', '0x') } },
          respond: teapot(),
        },
      ]),
    )
    expect((await call(simulator, 'GET', `/debtToken/debtor/${DEBTOR}`)).status).toBe(409)
    expect((await call(simulator, 'GET', `/debtToken/debtor/${INVESTOR}`)).status).toBe(200)
  })

  it("matches the payments' shared path parameter by the document's name as by the spec's", async () => {
    const payment = fixtures.managerPayments[0]!
    const other = fixtures.managerPayments.find(
      (candidate) => candidate.tokenAddress === payment.tokenAddress && candidate.id !== payment.id,
    )!
    const simulator = createSimulator()
    // docs/api.md and a generated client call it `tokenAddressOrId`: the token on a read, the id on an update.
    simulator.scenarios.use(
      scenarioOf([
        { operation: 'listManagerPayments', match: { params: { tokenAddressOrId: TOKEN } }, respond: teapot() },
        { operation: 'updateManagerPayment', match: { params: { tokenAddressOrId: payment.id } }, respond: teapot() },
        { operation: 'updateManagerPayment', match: { params: { id: other.id } }, respond: teapot('by the spec') },
      ]),
    )
    const manager = fixtures.securityTokens[0]!.managerAddress
    expect((await call(simulator, 'GET', `/manager/${manager}/${TOKEN}`)).status).toBe(409)
    expect((await call(simulator, 'GET', `/manager/${manager}/${DEBTOR}`)).status).toBe(200)
    const update = (id: number) =>
      call(simulator, 'PUT', `/manager/${payment.tokenAddress}/${id}`, { body: { status: 'PENDING' } })
    expect((await update(payment.id)).json.message).toBe('scenario says no')
    expect((await update(other.id)).json.message).toBe('by the spec')
  })

  it('matches query parameters as text', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([{ operation: 'listSecurityTokens', match: { query: { marketplace: true } }, respond: teapot() }]),
    )
    expect((await call(simulator, 'GET', '/securityToken?marketplace=true')).status).toBe(409)
    expect((await call(simulator, 'GET', '/securityToken?marketplace=false')).status).toBe(200)
    expect((await call(simulator, 'GET', '/securityToken')).status).toBe(200)
  })

  it('matches body members, nested objects as subsets', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([
        {
          operation: 'createSecurityToken',
          match: { body: { data: { instrument: 'CRI' } } },
          respond: teapot('no CRI'),
        },
        {
          operation: 'createInvestorPayment',
          match: { body: { type: 'JUROS', amount: 5 } },
          respond: teapot('no interest of 5'),
        },
      ]),
    )
    const cri = await call(simulator, 'POST', '/securityToken', {
      body: { data: { instrument: 'CRI', segment: 'agro' } },
    })
    expect(cri).toMatchObject({ status: 409, json: { message: 'no CRI' } })
    expect((await call(simulator, 'POST', '/securityToken', { body: { data: { instrument: 'CCB' } } })).status).toBe(
      200,
    )
    expect(
      (
        await call(simulator, 'POST', '/investor', {
          body: investorPayment(TOKEN, INVESTOR, { type: 'JUROS', amount: 5 }),
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await call(simulator, 'POST', '/investor', {
          body: investorPayment(TOKEN, INVESTOR, { type: 'JUROS', amount: 6 }),
        })
      ).status,
    ).toBe(200)
  })

  it('does not match a body that is not JSON, and validation then answers it', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([{ operation: 'createInvestorPayment', match: { body: { amount: 5 } }, respond: teapot() }]),
    )
    const reply = await call(simulator, 'POST', '/investor', {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    })
    expect(reply.status).toBe(400)
    expect(reply.json.message).toMatch(/not valid JSON/)
  })

  it('leaves operations without a rule, and calls no rule matches, behaving normally', async () => {
    const simulator = createSimulator()
    const normal = createSimulator()
    simulator.scenarios.use(
      scenarioOf([{ operation: 'getUser', match: { params: { id: 'nobody' } }, respond: teapot() }]),
    )
    for (const path of ['/securityToken', `/debtToken/debtor/${DEBTOR}`, `/users/${fixtures.users[0]!.id}`]) {
      const [withScenario, without] = [await call(simulator, 'GET', path), await call(normal, 'GET', path)]
      expect(withScenario.status).toBe(200)
      expect(withScenario.json).toEqual(without.json)
    }
  })
})

describe('counting', () => {
  it('fromCall + times: the 2nd POST /investor fails, once', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([
        {
          operation: 'createInvestorPayment',
          fromCall: 2,
          times: 1,
          respond: { status: 400, message: 'second fails' },
        },
      ]),
    )
    expect(await statuses(4, () => call(simulator, 'POST', '/investor', { body: investorPayment(TOKEN) }))).toEqual([
      200, 400, 200, 200,
    ])
    expect(await call(simulator, 'GET', `/investor/${INVESTOR}/${TOKEN}`).then((reply) => reply.json.length)).toBe(3)
  })

  it('fromCall alone: every call from the nth on', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(scenarioOf([{ operation: 'listSecurityTokens', fromCall: 3, respond: teapot() }]))
    expect(await statuses(5, () => call(simulator, 'GET', '/securityToken'))).toEqual([200, 200, 409, 409, 409])
  })

  it('times alone: the first n calls', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(scenarioOf([{ operation: 'listSecurityTokens', times: 2, respond: teapot() }]))
    expect(await statuses(4, () => call(simulator, 'GET', '/securityToken'))).toEqual([409, 409, 200, 200])
  })

  it('every: calls n, 2n, 3n …', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(scenarioOf([{ operation: 'listSecurityTokens', every: 3, respond: teapot() }]))
    expect(await statuses(7, () => call(simulator, 'GET', '/securityToken'))).toEqual([
      200, 200, 409, 200, 200, 409, 200,
    ])
  })

  it('"*" applies to every operation and counts their calls together', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(scenarioOf([{ operation: '*', every: 2, respond: { status: 503, message: 'busy' } }]))
    const paths = ['/securityToken', `/debtToken/debtor/${DEBTOR}`, '/securityToken', `/users/${fixtures.users[0]!.id}`]
    expect(await statuses(4, (i) => call(simulator, 'GET', paths[i - 1]!))).toEqual([200, 503, 200, 503])
  })

  it('counts only the calls a rule applies to (its match)', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([
        {
          operation: 'createInvestorPayment',
          match: { body: { investorAddress: INVESTOR } },
          fromCall: 2,
          respond: teapot(),
        },
      ]),
    )
    const sequence = [INVESTOR, OTHER_INVESTOR, OTHER_INVESTOR, INVESTOR, OTHER_INVESTOR]
    expect(
      await statuses(5, (i) => call(simulator, 'POST', '/investor', { body: investorPayment(TOKEN, sequence[i - 1]) })),
    ).toEqual([200, 200, 200, 409, 200])
  })

  it('counts concurrent calls one by one', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(scenarioOf([{ operation: 'listSecurityTokens', every: 2, respond: teapot() }]))
    const replies = await Promise.all(Array.from({ length: 10 }, () => call(simulator, 'GET', '/securityToken')))
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(5)
    expect(simulator.scenarios.status()?.rules[0]).toEqual({ operation: 'listSecurityTokens', calls: 10, fired: 5 })
  })
})

describe('several rules', () => {
  it('the first rule that applies wins', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([
        {
          operation: 'listSecurityTokens',
          match: { query: { marketplace: 'true' } },
          respond: { status: 403, message: 'first' },
        },
        { operation: 'listSecurityTokens', respond: { status: 404, message: 'second' } },
        { operation: '*', respond: { status: 500, message: 'third' } },
      ]),
    )
    expect((await call(simulator, 'GET', '/securityToken?marketplace=true')).json.message).toBe('first')
    expect((await call(simulator, 'GET', '/securityToken')).json.message).toBe('second')
    expect((await call(simulator, 'GET', `/debtToken/debtor/${DEBTOR}`)).json.message).toBe('third')
  })

  it('a rule whose count does not allow the call lets the next rule apply', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([
        { operation: 'listSecurityTokens', fromCall: 2, respond: { status: 404, message: 'from the 2nd' } },
        { operation: 'listSecurityTokens', times: 1, respond: { status: 403, message: 'fallback' } },
      ]),
    )
    expect((await call(simulator, 'GET', '/securityToken')).json.message).toBe('fallback')
    expect((await call(simulator, 'GET', '/securityToken')).json.message).toBe('from the 2nd')
  })

  it('every rule that applies counts the call, so "the nth call" ignores what earlier rules did', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(
      scenarioOf([
        { operation: 'listSecurityTokens', times: 1, respond: { status: 500, message: 'first call' } },
        { operation: 'listSecurityTokens', fromCall: 3, times: 1, respond: { status: 503, message: 'third call' } },
      ]),
    )
    expect(await statuses(4, () => call(simulator, 'GET', '/securityToken'))).toEqual([500, 200, 503, 200])
    expect(simulator.scenarios.status()?.rules.map(({ calls, fired }) => [calls, fired])).toEqual([
      [4, 1],
      [4, 1],
    ])
  })
})

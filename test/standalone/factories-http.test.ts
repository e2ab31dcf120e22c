/**
 * The factories over HTTP: POST /__sim/factories/{table} on the standalone server creates what
 * `simulator.create` does, in the world `X-Sim-Session` names, answers mistakes in the documented
 * shape naming the body's field, and what it answers is what the API then serves.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { expectErrorShape, fixtures, UNKNOWN_ADDRESS } from '../support/world.ts'

describe('POST /__sim/factories/{table}', () => {
  let running: StandaloneServer
  beforeAll(async () => {
    running = await startStandaloneServer({ port: 0, maxRecords: 200 })
  })
  afterAll(() => running.close())
  beforeEach(() => running.simulator.reset())

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: { authorization: 'Bearer http-factories', 'content-type': 'application/json', ...headers },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    return { status: response.status, json: (await response.json()) as any }
  }

  it('creates debt tokens in a state that the API then answers, with their links', async () => {
    const fund = fixtures.securityTokens[1]!
    const created = await call('POST', '/__sim/factories/debtTokens', {
      count: 2,
      state: 'overdue',
      overrides: { securityTokenAddress: fund.contractAddress },
    })
    expect(created.status).toBe(200)
    expect(created.json.records).toHaveLength(2)
    expect(created.json.linked.signatureContracts).toHaveLength(2)
    expect(created.json.linked.securityTokens).toBeUndefined()
    const [first] = created.json.records
    expect(first).toMatchObject({ status: 4, securityTokenAddress: fund.contractAddress })
    const read = await call('GET', `/manager/debt-tokens/${fund.contractAddress}/${first.address}`)
    const { securityTokenAddress: _link, ...wire } = first
    expect(read.json).toEqual([wire])
    // The same request on a fresh simulator gives the same records.
    const same = await createSimulator().createRecords({
      table: 'debtTokens',
      count: 2,
      state: 'overdue',
      overrides: { securityTokenAddress: fund.contractAddress },
    })
    expect(JSON.parse(JSON.stringify(same))).toEqual(created.json)
  })

  it('creates with an empty body, and in a session only', async () => {
    const user = await call('POST', '/__sim/factories/users', undefined, { 'x-sim-session': 'qa-f' })
    expect(user.status).toBe(200)
    expect(user.json).toEqual({ records: [expect.objectContaining({ role: ['investor'] })], linked: {} })
    const id = user.json.records[0].id
    expect((await call('GET', `/users/${id}`, undefined, { 'x-sim-session': 'qa-f' })).json).toEqual(
      user.json.records[0],
    )
    expect((await call('GET', `/users/${id}`)).status).toBe(404)
    const state = await call('GET', '/__sim/state?table=users', undefined, { 'x-sim-session': 'qa-f' })
    expect(state.json.counts.users).toBe(fixtures.users.length + 1)
  })

  it('answers mistakes in the documented shape, naming the body field, and stores nothing', async () => {
    const before = (await call('GET', '/__sim/state?limit=0')).json.counts
    // The body's own members are checked with the route's declaration, the overrides by the table's factory.
    expect(expectErrorShape(await call('POST', '/__sim/factories/debtTokens', { state: 'late' }), 400)).toBe(
      'body.state must be one of awaiting, active, listed, overdue, settled, got "late"',
    )
    expect(
      expectErrorShape(
        await call('POST', '/__sim/factories/debtTokens', { overrides: { debtorAddress: '0x12', status: 1 } }),
        400,
      ),
    ).toBe(
      'body.overrides.debtorAddress must be an ADDRESS (0x followed by 40 hexadecimal characters), got "0x12"; body.overrides.status is derived: from the signatures, the parcels and the clock; ask for a state',
    )
    expect(
      expectErrorShape(
        await call('POST', '/__sim/factories/investorPayments', { overrides: { tokenAddress: UNKNOWN_ADDRESS } }),
        400,
      ),
    ).toBe(`body.overrides.tokenAddress must name a security token of this world, got "${UNKNOWN_ADDRESS}"`)
    expect(expectErrorShape(await call('POST', '/__sim/factories/users', { state: 'active' }), 400)).toMatch(
      /^body\.state must be left out/,
    )
    expect(expectErrorShape(await call('POST', '/__sim/factories/users', { count: 0, colour: 'red' }), 400)).toBe(
      'body.count must be a whole number from 1 to 1000, got 0; body must not hold "colour"',
    )
    expect(expectErrorShape(await call('POST', '/__sim/factories/users', { cuont: 2 }), 400)).toBe(
      'body must not hold "cuont" (did you mean "count"?)',
    )
    expect(expectErrorShape(await call('POST', '/__sim/factories/parcels', {}), 400)).toMatch(
      /^path parameter table must be one of "signatureContracts", "users", "debtTokens"/,
    )
    expect(expectErrorShape(await call('POST', '/__sim/factories', {}), 404)).toMatch(/^no control route POST/)
    expect(expectErrorShape(await call('GET', '/__sim/factories/users'), 405)).toMatch(/POST/)
    expect((await call('GET', '/__sim/state?limit=0')).json.counts).toEqual(before)
  })

  it('refuses what the document forbids a record to hold: a negative amount, an e-mail that is not one, an id not a UUID', async () => {
    const before = (await call('GET', '/__sim/state?limit=0')).json.counts
    expect(
      expectErrorShape(
        await call('POST', '/__sim/factories/securityTokens', {
          overrides: { series: [{ seriesAmount: -5 }], totalInvestmentAmount: -100 },
        }),
        400,
      ),
    ).toBe(
      'body.overrides.totalInvestmentAmount must be at least 0, got -100; body.overrides.series[0].seriesAmount must be at least 0, got -5',
    )
    expect(
      expectErrorShape(await call('POST', '/__sim/factories/users', { overrides: { email: 'not-an-email' } }), 400),
    ).toBe('body.overrides.email must be an e-mail address such as name@example.com, got "not-an-email"')
    expect(expectErrorShape(await call('POST', '/__sim/factories/users', { overrides: { id: 'u-1' } }), 400)).toBe(
      'body.overrides.id must be a UUID such as 8352e67d-f793-4f8b-9395-3666184dc725, got "u-1"',
    )
    expect((await call('GET', '/__sim/state?limit=0')).json.counts).toEqual(before)
  })

  it('answers 507 when the world has no room for the records, and 400 near the end of the calendar', async () => {
    const full = await call('POST', '/__sim/factories/debtTokens', { count: 50 })
    expect(expectErrorShape(full, 507)).toMatch(
      /^createRecords would add to debtTokens, but this world's written records would pass its capacity of 200/,
    )
    await call('PUT', '/__sim/clock', { now: '9999-11-01T00:00:00Z' })
    for (const table of ['users', 'securityTokens', 'debtTokens', 'signatureContracts', 'managerPayments']) {
      const reply = await call('POST', `/__sim/factories/${table}`, { count: 3 })
      if (reply.status !== 200) expect(expectErrorShape(reply, 400), table).toMatch(/clock|calendar/)
    }
    const fund = await call('POST', '/__sim/factories/securityTokens', {
      overrides: { maxExpirationDate: '9999-12-31', emissionEndDate: '9999-12-30' },
    })
    expect(fund.status).toBe(200)
    expect(fund.json.records[0].expirationDate).toBe('9999-12-31')
  })
})

/**
 * The shared-server mode's `simulator`: a client of one session over the control API, against a
 * real standalone server on 127.0.0.1. What the example suite does not show: that every call stays
 * in its own session (another session and the server's default world are untouched), each filter
 * of the journal, the clock that sessions share, ending a session, the factories (the in-process
 * ones' records, in the session's world), and the errors a wrong URL or input gets.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { createRemoteSimulator } from '../../src/runtimes/playwright/remote-simulator.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

const TOKEN = '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'
const MANAGER = '0x111927677a5a4fc8c2f1f755d13d4cde055a175e'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())
beforeEach(() => server.simulator.reset())

/** A page's request: the API with the session header the fixture's route adds. */
function createPayment(session: string, amount: number) {
  return fetch(`${server.url}/manager`, {
    method: 'POST',
    headers: { authorization: 'Bearer page', 'content-type': 'application/json', 'x-sim-session': session },
    body: JSON.stringify({ managerAddress: MANAGER, tokenAddress: TOKEN, amount, serie: 'SENIOR' }),
  })
}

const sessionIds = () => server.simulator.sessions.list().map((session) => session.id)

describe('the remote simulator of a shared-server test', () => {
  it('reads and resets its own session only', async () => {
    const mine = createRemoteSimulator({ url: `${server.url}/`, session: 'pw-mine' })
    const theirs = createRemoteSimulator({ url: server.url, session: 'pw-theirs' })
    expect(mine.url).toBe(server.url)
    await mine.reset()
    await theirs.reset()
    expect(sessionIds().sort()).toEqual(['pw-mine', 'pw-theirs'])

    expect((await createPayment('pw-mine', 10)).status).toBe(200)
    expect((await createPayment('pw-mine', 20)).status).toBe(200)
    expect((await createPayment('pw-theirs', 30)).status).toBe(200)
    expect((await mine.state()).counts.managerPayments).toBe(8)
    expect((await theirs.state({ table: 'managerPayments' })).counts.managerPayments).toBe(7)
    expect(server.simulator.state().counts.managerPayments).toBe(6)

    const mineState = await mine.state({ table: 'managerPayments', limit: 100 })
    expect(mineState.session).toBe('pw-mine')
    expect(Object.keys(mineState.tables)).toEqual(['managerPayments'])
    expect(mineState.tables.managerPayments!.slice(-2)).toMatchObject([{ amount: 10 }, { amount: 20 }])

    await mine.reset()
    expect((await mine.state()).counts.managerPayments).toBe(6)
    expect((await theirs.state()).counts.managerPayments).toBe(7)
  })

  it("lists its session's journal entries, with the filters it is given", async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-journal' })
    await mine.reset()
    await createPayment('pw-journal', 10)
    await createPayment('pw-journal', -1) // a 400
    await createPayment('pw-other', 30)
    await fetch(`${server.url}/securityToken`, {
      headers: { authorization: 'Bearer t', 'x-sim-session': 'pw-journal' },
    })

    const all = await mine.journal.list()
    expect(all.map((entry) => `${entry.operation} ${entry.status} ${entry.session}`)).toEqual([
      'createManagerPayment 200 pw-journal',
      'createManagerPayment 400 pw-journal',
      'listSecurityTokens 200 pw-journal',
    ])
    expect((await mine.journal.list({ operation: 'createManagerPayment' })).map((entry) => entry.status)).toEqual([
      200, 400,
    ])
    expect((await mine.journal.list({ status: 400 })).map((entry) => entry.operation)).toEqual(['createManagerPayment'])
    expect((await mine.journal.list({ limit: 1 })).map((entry) => entry.operation)).toEqual(['listSecurityTokens'])
  })

  it('activates a scenario in its session only, by name or inline, and deactivates it', async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-scenario' })
    const theirs = createRemoteSimulator({ url: server.url, session: 'pw-calm' })
    await mine.scenarios.use('manager-payment-rejected')
    expect((await mine.scenarios.status())?.name).toBe('manager-payment-rejected')
    expect(await theirs.scenarios.status()).toBeNull()
    expect(server.simulator.scenarios.active).toBeNull()

    await mine.scenarios.use(
      {
        description: 'no payments',
        rules: [{ operation: 'createManagerPayment', respond: { status: 503, message: 'down' } }],
      },
      'no-payments',
    )
    expect((await createPayment('pw-scenario', 10)).status).toBe(503)
    expect((await createPayment('pw-calm', 10)).status).toBe(200)
    expect(await mine.scenarios.status()).toEqual({
      name: 'no-payments',
      description: 'no payments',
      rules: [{ operation: 'createManagerPayment', calls: 1, fired: 1 }],
    })

    await mine.scenarios.use(null)
    expect(await mine.scenarios.status()).toBeNull()
    expect((await createPayment('pw-scenario', 10)).status).toBe(200)
  })

  it("adds a rule to its session's active scenario, in force from the next request, and passes a bad one's message on", async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-rule' })
    await mine.scenarios.addRule({
      operation: 'createManagerPayment',
      fromCall: 2,
      respond: { status: 503, message: 'down' },
    })
    expect((await createPayment('pw-rule', 10)).status).toBe(200)
    expect((await createPayment('pw-rule', 10)).status).toBe(503)
    expect((await createPayment('pw-calm', 10)).status).toBe(200)
    expect(await mine.scenarios.status()).toMatchObject({ name: 'added-rules', rules: [{ calls: 2, fired: 1 }] })
    await expect(
      mine.scenarios.addRule({ operation: 'createManagerPayment', respond: { status: 200, message: 'ok' } }),
    ).rejects.toThrow(/answered 400: scenario "added-rules": rules\[1\]\.respond\.status: must be an HTTP error status/)
  })

  it("reads the server's clock, which every session shares", async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-clock' })
    expect(await mine.clock.now()).toEqual(new Date('2026-03-02T12:00:00Z'))
    server.simulator.clock.advance(86_400_000)
    expect(await mine.clock.now()).toEqual(new Date('2026-03-03T12:00:00Z'))
  })

  it('ends its session, which drops its writes; ending it again is no error', async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-ending' })
    await mine.reset()
    await createPayment('pw-ending', 10)
    expect(sessionIds()).toEqual(['pw-ending'])
    await mine.end()
    expect(sessionIds()).toEqual([])
    await mine.end()
    await expect(mine.state()).rejects.toThrow(/answered 404.*no session pw-ending/)
  })

  it("passes the server's refusals on with their message", async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-wrong' })
    await expect(mine.scenarios.use('no-such-scenario')).rejects.toThrow(
      /PUT http:\/\/127\.0\.0\.1:\d+\/__sim\/scenario answered 400: .*no-such-scenario/,
    )
    await expect(mine.scenarios.use({ rules: 'none' } as never)).rejects.toThrow(/answered 400: .*rules/)
    const badId = createRemoteSimulator({ url: server.url, session: 'not a session id' })
    await expect(badId.reset()).rejects.toThrow(/answered 400: .*X-Sim-Session/i)
  })

  it('says so when nothing listens at the URL, or something that is not the simulator does', async () => {
    const closed = await startStandaloneServer({ port: 0 })
    await closed.close()
    await expect(createRemoteSimulator({ url: closed.url, session: 'pw-x' }).reset()).rejects.toThrow(
      `cannot reach the simulator at ${closed.url} (POST /__sim/reset)`,
    )

    const other = createServer((_request, response) => response.writeHead(404).end('Not Found'))
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
      await expect(createRemoteSimulator({ url, session: 'pw-x' }).clock.now()).rejects.toThrow(
        `GET ${url}/__sim/clock answered 404 (is this a debt-token-simulator?): Not Found`,
      )
    } finally {
      other.close()
    }
  })
})

describe('the factories of the remote simulator', () => {
  const DEBTOR = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'

  /** The debt tokens the API lists for a debtor, in a session (or the default world without one). */
  async function debtorTokens(session: string | null) {
    const response = await fetch(`${server.url}/debtToken/debtor/${DEBTOR}`, {
      headers: { authorization: 'Bearer page', ...(session !== null && { 'x-sim-session': session }) },
    })
    return (await response.json()) as { address: string; status: number }[]
  }

  it('creates in its session only what the in-process factories create, as the API then answers it', async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-factories' })
    await mine.reset()
    const token = await mine.create.debtTokens({ debtorAddress: DEBTOR }, { state: 'overdue' })
    const users = await mine.createMany.users(2, { role: ['investor'] })

    // A session starts its own random sequence, like a fresh simulator: the same calls there give the same records.
    const local = createSimulator()
    expect(token).toEqual(await local.create.debtTokens({ debtorAddress: DEBTOR }, { state: 'overdue' }))
    expect(users).toEqual(await local.create.users.many(2, { role: ['investor'] }))
    expect(await mine.create.users.many(1)).toEqual(await local.createMany.users(1))
    expect(token).toMatchObject({ debtorAddress: DEBTOR, status: 4 })
    expect(users.map((user) => user.role)).toEqual([['investor'], ['investor']])

    expect(await debtorTokens('pw-factories')).toEqual([expect.objectContaining({ address: token.address, status: 4 })])
    expect(await debtorTokens(null)).toEqual([])
    expect(await debtorTokens('pw-elsewhere')).toEqual([])
    expect((await mine.state()).counts).toEqual(local.state().counts)
    expect(server.simulator.state().counts).toEqual(createSimulator().state().counts)
  })

  it('answers everything a call created with createRecords, its links under linked', async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-linked' })
    await mine.reset()
    const { records, linked } = await mine.createRecords({ table: 'debtTokens', count: 2, state: 'listed' })
    expect(records.map((record) => record.status)).toEqual([2, 2])
    expect(linked.signatureContracts!.map((contract) => contract.signatureContractAddress)).toHaveLength(2)
    expect(linked.securityTokens).toHaveLength(1)
    expect(records.every((record) => record.securityTokenAddress === linked.securityTokens![0]!.contractAddress)).toBe(
      true,
    )
    const { counts } = await mine.state()
    expect(counts.debtTokens).toBe(server.simulator.state().counts.debtTokens + 2)
  })

  it("passes the server's refusal on, naming the field, and creates nothing", async () => {
    const mine = createRemoteSimulator({ url: server.url, session: 'pw-refused' })
    await mine.reset()
    const before = (await mine.state()).counts
    await expect(mine.create.debtTokens({ debtorAddress: '0x12' })).rejects.toThrow(
      /POST http:\/\/127\.0\.0\.1:\d+\/__sim\/factories\/debtTokens answered 400: body\.overrides\.debtorAddress must be an ADDRESS/,
    )
    await expect(mine.create.users.many(0)).rejects.toThrow(/answered 400: body\.count must be/)
    await expect(mine.createRecords({ table: 'nope' as 'users' })).rejects.toThrow(
      /\/__sim\/factories\/nope answered 400: path parameter table/,
    )
    expect((await mine.state()).counts).toEqual(before)
  })

  it('refuses an answer whose records are not records of the table', async () => {
    const other = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ records: [{ id: 'u-1', name: 'not a user' }], linked: {} })),
    )
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
      await expect(createRemoteSimulator({ url, session: 'pw-x' }).create.users()).rejects.toThrow(
        `POST ${url}/__sim/factories/users answered a record that is not one of users: [0].id `,
      )
    } finally {
      other.close()
    }
  })
})

describe("the server's CORS preflight", () => {
  // A page on a foreign origin may not (test/hostile/steering-headers.test.ts): --control-origin lets it.
  it('lets an app on a loopback origin send X-Sim-Session to the API and to the control API', async () => {
    for (const [path, origin] of [
      ['/manager', 'http://127.0.0.1:3000'],
      ['/__sim/state', 'http://localhost:5173'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, x-sim-session',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      expect(response.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('x-sim-session')
    }
  })
})

describe('a connection the server closes as the request is sent', () => {
  /** A server that drops the first `drops` connections on their first request, then answers 204. */
  async function dropping(drops: number) {
    const seen: string[] = []
    const flaky = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`)
      if (seen.length <= drops) request.socket.destroy()
      else response.writeHead(204).end()
    })
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`
    return { url, seen, close: () => new Promise<void>((resolve) => flaky.close(() => resolve())) }
  }

  it('is tried again once for an idempotent call (as a browser does), never for a POST', async () => {
    const once = await dropping(1)
    try {
      await createRemoteSimulator({ url: once.url, session: 'retried' }).end()
      expect(once.seen).toEqual(['DELETE /__sim/sessions/retried', 'DELETE /__sim/sessions/retried'])
    } finally {
      await once.close()
    }
    const twice = await dropping(2)
    try {
      await expect(createRemoteSimulator({ url: twice.url, session: 'gone' }).end()).rejects.toThrow(
        /cannot reach the simulator/,
      )
    } finally {
      await twice.close()
    }
    const post = await dropping(1)
    try {
      await expect(createRemoteSimulator({ url: post.url, session: 'posted' }).reset()).rejects.toThrow(
        /cannot reach the simulator .*POST \/__sim\/reset/,
      )
      expect(post.seen).toEqual(['POST /__sim/reset'])
    } finally {
      await post.close()
    }
  })
})

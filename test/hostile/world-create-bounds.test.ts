/**
 * Bounded world.create (issue 20, finding 2): a 9 KB scenario asking for 100 × 1,000 payments
 * froze the server and stored 100,006 records past --max-records. Over HTTP: one world.create asks
 * for MAX_WORLD_CREATE_RECORDS records in all at most (a 400 naming world.create), what it creates
 * weighs against the world's capacity of written records (a 507 past it, in the documented shape,
 * per session as for writes), and a refused activation changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_FACTORY_COUNT } from '../../src/contract/control-factory-schemas.ts'
import { MAX_WORLD_CREATE_RECORDS } from '../../src/factories/factory-entry.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { healthAnsweredDuring } from '../support/health-during.ts'
import { expectErrorShape } from '../support/world.ts'

const MAX_RECORDS = 50

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, maxRecords: MAX_RECORDS })
})
afterAll(() => server.close())
beforeEach(() => server.simulator.reset())

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: 'Bearer bounds', 'content-type': 'application/json', ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as any }
}

const activate = (create: unknown[], headers: Record<string, string> = {}) =>
  call('PUT', '/__sim/scenario', { scenario: { description: 'bounds', rules: [], world: { create } } }, headers)

const counts = async (headers: Record<string, string> = {}) =>
  (await call('GET', '/__sim/state?limit=0', undefined, headers)).json.counts

it('caps the records one world.create asks for like a factory call, at load', async () => {
  expect(MAX_WORLD_CREATE_RECORDS).toBe(MAX_FACTORY_COUNT)
  const before = await counts()
  const flood = Array.from({ length: 100 }, () => ({ table: 'managerPayments', count: 1000 }))
  expect(expectErrorShape(await activate(flood), 400)).toBe(
    `scenario "inline": world.create: asks for 100000 records in all (the sum of its counts), at most ${MAX_WORLD_CREATE_RECORDS}: create fewer, or generate a world with size`,
  )
  // One past the cap, counting an entry without count as one.
  const justOver = [{ table: 'users' }, { table: 'managerPayments', count: MAX_WORLD_CREATE_RECORDS }]
  expect(expectErrorShape(await activate(justOver), 400)).toMatch(/asks for 1001 records in all/)
  expect((await call('GET', '/__sim/scenario')).json.active).toBeNull()
  expect(await counts()).toEqual(before)
})

describe('against --max-records', () => {
  it('answers 507 when what world.create makes passes the capacity, and changes nothing', async () => {
    const before = await counts()
    const refused = await activate([{ table: 'managerPayments', count: MAX_RECORDS }])
    expect(expectErrorShape(refused, 507)).toMatch(
      /^world\.create\[0\] \(managerPayments\) would bring .* past its capacity of 50: create fewer records, or start with a larger --max-records$/,
    )
    expect((await call('GET', '/__sim/scenario')).json.active).toBeNull()
    expect(await counts()).toEqual(before)
  })

  it('counts what it created against later writes', async () => {
    // 40 payments, plus the security token and manager they link to: 42 of 50.
    expect((await activate([{ table: 'managerPayments', count: 40 }])).status).toBe(200)
    const seeded = await counts()
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await call('POST', '/__sim/factories/users')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 507, 507])
    expect((await counts()).users).toBe(seeded.users + 8)
  })

  it('is per session, as for writes: a full session leaves the others their room', async () => {
    const full = { 'x-sim-session': 'full' }
    expect((await activate([{ table: 'managerPayments', count: 48 }], full)).status).toBe(200)
    expect((await call('POST', '/__sim/factories/users', undefined, full)).status).toBe(507)
    expect((await activate([{ table: 'managerPayments', count: 48 }], { 'x-sim-session': 'other' })).status).toBe(200)
    expect((await call('POST', '/__sim/factories/users')).status).toBe(200)
  })
})

/** How many health checks were answered while `slow` was worked on; `slow` answers `status`. */
async function answeredDuring(url: string, slow: () => Promise<Response>, status: number): Promise<number> {
  const { answered, response } = await healthAnsweredDuring(url, slow)
  expect(response.status).toBe(status)
  return answered
}

describe('the largest calls', () => {
  let roomy: StandaloneServer
  beforeAll(async () => {
    roomy = await startStandaloneServer({
      port: 0,
      scenarios: {
        'many-users': {
          description: 'the largest world.create',
          rules: [],
          world: { create: [{ table: 'users', count: MAX_WORLD_CREATE_RECORDS }] },
        },
      },
    })
  })
  afterAll(() => roomy.close())

  it('let other clients be answered while their records are made', async () => {
    const users = { table: 'users', count: MAX_WORLD_CREATE_RECORDS }
    const scenario = { description: 'largest', rules: [], world: { create: [users] } }
    const put = () =>
      fetch(`${roomy.url}/__sim/scenario`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario }),
      })
    expect(await answeredDuring(roomy.url, put, 200)).toBeGreaterThan(0)
    const factory = () =>
      fetch(`${roomy.url}/__sim/factories/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: MAX_FACTORY_COUNT }),
      })
    expect(await answeredDuring(roomy.url, factory, 200)).toBeGreaterThan(0)
    // The first request naming a scenario file's world by header builds it the same way.
    const headed = () =>
      fetch(`${roomy.url}/securityToken`, { headers: { authorization: 'Bearer t', 'x-sim-scenario': 'many-users' } })
    expect(await answeredDuring(roomy.url, headed, 200)).toBeGreaterThan(0)
  })

  it('let other clients be answered while a world.create past the capacity is made and refused', async () => {
    const tight = await startStandaloneServer({ port: 0, maxRecords: MAX_RECORDS })
    try {
      const scenario = { description: 'too many', rules: [], world: { create: [{ table: 'users', count: 1000 }] } }
      const put = () =>
        fetch(`${tight.url}/__sim/scenario`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ scenario }),
        })
      expect(await answeredDuring(tight.url, put, 507)).toBeGreaterThan(0)
    } finally {
      await tight.close()
    }
  })
})

/**
 * Factory keys (issue 20, finding 1): the factories draw from the world's seed, as the seeded
 * records were, so a drawn user could repeat a seeded one and the call answered 500 after storing
 * part of its records. Over HTTP, each factory entry point (POST /__sim/factories, a scenario's
 * world.create) now stores every record it asks for, under keys no other record holds, or, when
 * refused, nothing at all, the random sequence included.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { expectErrorShape } from '../support/world.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, maxRecords: 40 })
})
afterAll(() => server.close())
beforeEach(() => server.simulator.reset())

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as any }
}

const userIds = async (headers: Record<string, string> = {}): Promise<string[]> =>
  (await call('GET', '/__sim/state?table=users&limit=2000', undefined, headers)).json.tables.users.map(
    (user: { id: string }) => user.id,
  )

describe('users drawn from the seed the seeded users came from', () => {
  it('are all stored after a reset, under ids and wallets no seeded user holds', async () => {
    const seeded = await userIds()
    const created = await call('POST', '/__sim/factories/users', { count: 6 })
    expect(created.status).toBe(200)
    const users = created.json.records as { id: string; walletAddress: string }[]
    expect(users).toHaveLength(6)
    for (const user of users) expect(seeded).not.toContain(user.id)
    const ids = await userIds()
    expect(ids).toHaveLength(seeded.length + 6)
    expect(new Set(ids).size).toBe(ids.length)
    const wallets = (await call('GET', '/__sim/state?table=users&limit=2000')).json.tables.users.map(
      (user: { walletAddress: string }) => user.walletAddress,
    )
    expect(new Set(wallets).size).toBe(wallets.length)
  })

  it('are drawn the same way again after a reset (a repeat is drawn again, deterministically)', async () => {
    const first = (await call('POST', '/__sim/factories/users', { count: 6 })).json.records
    await call('POST', '/__sim/reset')
    expect((await call('POST', '/__sim/factories/users', { count: 6 })).json.records).toEqual(first)
  })

  it("are created by a scenario's world.create, in a session too", async () => {
    const seeded = await userIds() // a session starts from the same seeded world
    for (const headers of [{}, { 'x-sim-session': 'keys' }] as Record<string, string>[]) {
      const activated = await call(
        'PUT',
        '/__sim/scenario',
        { scenario: { description: 'six users', rules: [], world: { create: [{ table: 'users', count: 6 }] } } },
        headers,
      )
      expect(activated.status).toBe(200)
      const ids = await userIds(headers)
      expect(ids).toHaveLength(seeded.length + 6)
      expect(new Set(ids).size).toBe(ids.length)
    }
  })
})

describe('a refused factory call', () => {
  it('stores nothing and draws nothing: the next call gives what it would have given', async () => {
    const before = (await call('GET', '/__sim/state?limit=0')).json.counts
    // 40 records of capacity: 200 payments do not fit.
    const refused = await call('POST', '/__sim/factories/managerPayments', { count: 200 })
    expect(expectErrorShape(refused, 507)).toMatch(/capacity of 40/)
    expect((await call('GET', '/__sim/state?limit=0')).json.counts).toEqual(before)
    const after = (await call('POST', '/__sim/factories/users', { count: 3 })).json.records
    await call('POST', '/__sim/reset')
    expect((await call('POST', '/__sim/factories/users', { count: 3 })).json.records).toEqual(after)
  })
})

/**
 * State follows the clock (issue "Hardening"): a debt token's status is derived on every read, in
 * lists and single reads, for the seeded fixtures and a generated world (whose lists are otherwise
 * answered from texts written at the world's instant), so a QA suite that moves the clock reaches
 * the overdue state.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DebtTokenStatus } from '../../src/domain/debt-token-status.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

interface Token {
  address: string
  debtorAddress: string
  status: number
  parcels: { isPaid: boolean; dueDate: number }[]
}

/** What the status must be at `nowSeconds`, from the token's own parcels. */
function expectedStatus(token: Token, storedStatus: number, nowSeconds: number): number {
  if (storedStatus === DebtTokenStatus.AwaitingSignatures) return storedStatus
  if (token.parcels.length > 0 && token.parcels.every((parcel) => parcel.isPaid)) return DebtTokenStatus.Settled
  if (token.parcels.some((parcel) => !parcel.isPaid && parcel.dueDate < nowSeconds)) return DebtTokenStatus.Overdue
  return storedStatus === DebtTokenStatus.Listed ? DebtTokenStatus.Listed : DebtTokenStatus.Active
}

for (const [world, options] of [
  ['the seeded fixtures', {}],
  ['a generated world', { size: 300 }],
] as const) {
  describe(`debt-token status in ${world}`, () => {
    let server: StandaloneServer
    beforeAll(async () => {
      server = await startStandaloneServer({ port: 0, ...options })
    })
    afterAll(() => server.close())
    beforeEach(() => server.simulator.reset())

    const get = async (path: string) =>
      (await (await fetch(`${server.url}${path}`, { headers: { authorization: 'Bearer t' } })).json()) as Token[]
    const setClock = (now: string) =>
      fetch(`${server.url}/__sim/clock`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ now }),
      })

    it('is derived from the clock in lists and single reads, and goes back with it', async () => {
      const tokens = server.simulator.host.world.tables.debtTokens.records as unknown as (Token & {
        creditorAddress: string
      })[]
      const debtors = [...new Set(tokens.map((token) => token.debtorAddress))].slice(0, 12)
      const stored = new Map(tokens.map((token) => [token.address, token.status]))
      const before = (await Promise.all(debtors.map((debtor) => get(`/debtToken/debtor/${debtor}`)))).flat()
      expect(before.length).toBeGreaterThan(5)
      for (const token of before) expect(token.status, token.address).toBe(stored.get(token.address))

      expect((await setClock('2027-01-01T00:00:00Z')).status).toBe(200)
      const nowSeconds = Date.parse('2027-01-01T00:00:00Z') / 1000
      let overdue = 0
      for (const debtor of debtors) {
        for (const token of await get(`/debtToken/debtor/${debtor}`)) {
          const expected = expectedStatus(token, stored.get(token.address)!, nowSeconds)
          expect(token.status, token.address).toBe(expected)
          if (expected === DebtTokenStatus.Overdue && stored.get(token.address) !== DebtTokenStatus.Overdue) overdue++
          const [single] = await get(`/debtToken/debtor/${debtor}/${token.address}`)
          expect(single!.status).toBe(expected)
        }
      }
      expect(overdue, 'tokens that became overdue when the clock moved').toBeGreaterThan(0)

      expect((await setClock('2026-03-02T12:00:00.000Z')).status).toBe(200)
      const after = (await Promise.all(debtors.map((debtor) => get(`/debtToken/debtor/${debtor}`)))).flat()
      expect(after).toEqual(before)
    })
  })
}

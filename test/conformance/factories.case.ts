/**
 * The factories: what they make is what the API then reads, updates and deletes, as it does the
 * records a client wrote (so a record made in one realm is stored, read and updated in every one).
 */
import { describe, expect, it } from 'vitest'
import { fixtures, HASH_A, UNKNOWN_ADDRESS } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

const update = { hash: HASH_A, date: '2026-03-02T09:00:00.000Z', status: 'PAID', amount: 2000 }
/** Each payment table: its API path, its owner field, the address its PUT path carries. */
const paymentTables = [
  { table: 'managerPayments', path: '/manager', owner: 'managerAddress', putAddress: 'tokenAddress' },
  { table: 'investorPayments', path: '/investor', owner: 'investorAddress', putAddress: 'investorAddress' },
] as const

export function factoryCases(target: TargetRef) {
  describe('factories', () => {
    it('makes a security token the API lists, updates twice and deletes', async () => {
      const [token] = await target().create('securityTokens', { overrides: { tokenName: 'Factory Fund' } })
      const path = `/securityToken?contractAddress=${token.contractAddress}`
      const read = async () => (await target().send('GET', path)).json
      expect(await read()).toMatchObject([{ ...token, tokenName: 'Factory Fund' }])
      for (const investmentAmount of [10, 5]) {
        const reply = await target().send('PUT', `/securityToken/${token.contractAddress}`, {
          body: { investmentAmount },
        })
        expect(reply.status).toBe(200)
      }
      expect(await read()).toMatchObject([
        { tokenName: 'Factory Fund', totalInvestmentAmount: token.totalInvestmentAmount + 15 },
      ])
      expect((await target().send('DELETE', path)).status).toBe(200)
      expect(await read()).toEqual([])
    })

    for (const { table, path, owner, putAddress } of paymentTables) {
      it(`makes ${table} the API lists and updates twice, numbered as the API numbers them`, async () => {
        const tokenAddress = fixtures.securityTokens[0]!.contractAddress
        const [payment] = await target().create(table, { overrides: { tokenAddress, status: 'PENDING' } })
        const listed = async () =>
          (await target().send('GET', `${path}/${payment[owner]}/${tokenAddress}`)).json.find(
            (candidate: { id: number }) => candidate.id === payment.id,
          )
        expect(await listed()).toEqual(payment)
        for (const change of [{ ...update, status: 'PENDING', amount: 1 }, update]) {
          const reply = await target().send('PUT', `${path}/${payment[putAddress]}/${payment.id}`, { body: change })
          expect(reply.status).toBe(200)
          expect(await listed()).toEqual({ ...payment, ...change })
        }
        const next = await target().send('POST', path, { body: { [owner]: payment[owner], tokenAddress } })
        expect(next.json.id).toBe(payment.id + 1)
      })
    }

    it('makes debt tokens in a state, found by all three queries, and a reset removes them', async () => {
      const securityTokenAddress = fixtures.securityTokens[0]!.contractAddress
      const made = await target().create('debtTokens', {
        count: 2,
        state: 'overdue',
        overrides: { securityTokenAddress },
      })
      expect(made).toHaveLength(2)
      const queries = (token: (typeof made)[number]) => [
        `/debtToken/debtor/${token.debtorAddress}`,
        `/debtToken/creditor/${token.creditorAddress}`,
        `/manager/debt-tokens/${securityTokenAddress}`,
      ]
      for (const token of made) {
        const { securityTokenAddress: _link, ...wire } = token
        for (const path of queries(token)) expect((await target().send('GET', path)).json).toContainEqual(wire)
      }
      await target().reset()
      for (const token of made) {
        for (const path of queries(token)) {
          const addresses = (await target().send('GET', path)).json.map((listed: { address: string }) => listed.address)
          expect(addresses).not.toContain(token.address)
        }
      }
    })

    it('makes users the API reads by id', async () => {
      const users = await target().create('users', { count: 3 })
      for (const user of users) expect((await target().send('GET', `/users/${user.id}`)).json).toEqual(user)
    })

    it('refuses a link to a record that does not exist, storing nothing', async () => {
      const overrides = { tokenAddress: UNKNOWN_ADDRESS }
      await expect(target().create('managerPayments', { overrides })).rejects.toThrow(/tokenAddress/)
      const token = fixtures.securityTokens[0]!
      const body = { managerAddress: token.managerAddress, tokenAddress: token.contractAddress }
      const next = await target().send('POST', '/manager', { body })
      expect(next.json.id).toBe(Math.max(...fixtures.managerPayments.map((payment) => payment.id)) + 1)
    })
  })
}

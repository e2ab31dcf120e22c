/**
 * Scenarios: a scenario's own world is written, read, updated and deleted like the seeded one and
 * left behind with it; a scenario's rules refuse some writes, which then change nothing.
 */
import { describe, expect, it } from 'vitest'
import { samples } from '../support/samples.ts'
import { expectErrorShape, fixtures, HASH_A } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

export function scenarioCases(target: TargetRef) {
  describe('scenarios', () => {
    it('in a world of its own (empty-world): creates, reads, updates, deletes; leaving it restores the seeded world', async () => {
      const seeded = (await target().send('GET', '/securityToken')).text
      await target().useScenario('empty-world')
      expect((await target().send('GET', '/securityToken')).json).toEqual([])
      const created = await target().send('POST', '/securityToken', { body: samples.createSecurityToken.body })
      const address: string = created.json.contractAddress
      for (const investmentAmount of [100, 1]) {
        const reply = await target().send('PUT', `/securityToken/${address}`, { body: { investmentAmount } })
        expect(reply.status).toBe(200)
      }
      expect((await target().send('GET', '/securityToken')).json).toMatchObject([
        { contractAddress: address, totalInvestmentAmount: 101 },
      ])
      expect((await target().send('DELETE', `/securityToken?contractAddress=${address}`)).status).toBe(200)
      expect((await target().send('GET', '/securityToken')).json).toEqual([])
      await target().useScenario(null)
      expect((await target().send('GET', '/securityToken')).text).toBe(seeded)
    })

    it('with rules (manager-payment-rejected): a refused write changes nothing, the others are stored', async () => {
      const token = fixtures.securityTokens[0]!
      const listPath = `/manager/${token.managerAddress}/${token.contractAddress}`
      const before = (await target().send('GET', listPath)).json
      await target().useScenario('manager-payment-rejected')
      const body = { managerAddress: token.managerAddress, tokenAddress: token.contractAddress, amount: 10 }
      const stored = await target().send('POST', '/manager', { body: { ...body, type: 'JUROS' } })
      expect(stored.status).toBe(200)
      expect(
        expectErrorShape(await target().send('POST', '/manager', { body: { ...body, type: 'AMORTIZACAO' } }), 400),
      ).toMatch(/Insufficient balance/)
      const path = `/manager/${token.contractAddress}/${stored.json.id}`
      const pending = { hash: HASH_A, date: '2026-03-02T09:00:00.000Z', status: 'PENDING', amount: 20 }
      expect((await target().send('PUT', path, { body: pending })).status).toBe(200)
      const paid = { ...pending, status: 'PAID' }
      expect(expectErrorShape(await target().send('PUT', path, { body: paid }), 400)).toMatch(/not confirmed/)
      const listed = async () => (await target().send('GET', listPath)).json
      expect(await listed()).toEqual([...before, { id: stored.json.id, ...body, type: 'JUROS', ...pending }])
      await target().useScenario(null)
      expect((await target().send('PUT', path, { body: paid })).status).toBe(200)
      expect((await listed()).at(-1)).toMatchObject({ id: stored.json.id, status: 'PAID' })
    })
  })
}

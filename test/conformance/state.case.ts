/** State across requests: writes are what later reads see; reset() goes back to the seeded world; determinism. */
import { describe, expect, it } from 'vitest'
import { samples } from '../support/samples.ts'
import { fixtures } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

export function stateCases(target: TargetRef) {
  describe('state', () => {
    it('reset() returns to the seeded world and the seeded sequence of generated values', async () => {
      const before = (await target().send('GET', '/securityToken')).text
      const first = await target().send('POST', '/securityToken', { body: samples.createSecurityToken.body })
      await target().send('DELETE', samples.deleteSecurityToken.path)
      expect((await target().send('GET', '/securityToken')).text).not.toBe(before)
      await target().reset()
      expect((await target().send('GET', '/securityToken')).text).toBe(before)
      const again = await target().send('POST', '/securityToken', { body: samples.createSecurityToken.body })
      expect(again.text).toBe(first.text)
    })

    it('answers concurrent writes one after another, losing none', async () => {
      const path = samples.updateSecurityToken.path
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => target().send('PUT', path, { body: { investmentAmount: 1 } })),
      )
      const totals = replies.map((reply) => reply.json.totalInvestmentAmount).sort((a, b) => a - b)
      expect(new Set(totals).size).toBe(20)
      expect(totals[19]! - totals[0]!).toBe(19)
      const ids = await Promise.all(
        Array.from({ length: 10 }, () =>
          target().send('POST', '/manager', { body: samples.createManagerPayment.body }),
        ),
      )
      expect(new Set(ids.map((reply) => reply.json.id)).size).toBe(10)
    })

    it('clock changes show in derived fields and new timestamps', async () => {
      await target().setClock(new Date('2028-06-01T00:00:00.000Z'))
      const tokens = (await target().send('GET', '/securityToken')).json
      expect(tokens.map((token: { expired: boolean }) => token.expired)).toEqual([true, false, true])
      const body = {
        ...(samples.createManagerPayment.body as { managerAddress: string; tokenAddress: string }),
        date: undefined,
      }
      await target().send('POST', '/manager', { body })
      const listed = (await target().send('GET', `/manager/${body.managerAddress}/${body.tokenAddress}`)).json
      expect(listed.at(-1).date).toBe('2028-06-01T00:00:00.000Z')
    })

    it('dates writes by the clock as it is set and advanced, and derives expiry from it', async () => {
      await target().setClock(new Date('2027-01-01T00:00:00.000Z'))
      const token = fixtures.securityTokens[0]!
      const body = { managerAddress: token.managerAddress, tokenAddress: token.contractAddress }
      const first = await target().send('POST', '/manager', { body })
      await target().advanceClock(86_400_000)
      const second = await target().send('POST', '/manager', { body })
      const listed = (await target().send('GET', `/manager/${token.managerAddress}/${token.contractAddress}`)).json
      const dateOf = (id: number) => listed.find((payment: { id: number }) => payment.id === id).date
      expect([dateOf(first.json.id), dateOf(second.json.id)]).toEqual([
        '2027-01-01T00:00:00.000Z',
        '2027-01-02T00:00:00.000Z',
      ])
      const created = await target().send('POST', '/securityToken', { body: samples.createSecurityToken.body })
      const path = `/securityToken?contractAddress=${created.json.contractAddress}`
      const expiry = { createdAt: '2027-01-02T00:00:00.000Z', expirationDate: '2030-12-31' }
      expect((await target().send('GET', path)).json).toMatchObject([{ ...expiry, expired: false }])
      await target().setClock(new Date('2031-01-01T00:00:00.000Z'))
      expect((await target().send('PUT', `/securityToken/${created.json.contractAddress}`, { body: {} })).status).toBe(
        200,
      )
      expect((await target().send('GET', path)).json).toMatchObject([{ ...expiry, expired: true }])
    })
  })
}

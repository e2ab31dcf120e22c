/** Every operation carries the Bearer check: 401 in the documented shape, and nothing changes. */
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/operations.ts'
import { samples } from '../support/samples.ts'
import { expectErrorShape } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

const badHeaders: [string, Record<string, string> | undefined, RegExp][] = [
  ['no Authorization header', undefined, /missing/i],
  ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }, /scheme must be Bearer/],
  ['an empty token', { authorization: 'Bearer ' }, /empty/],
  ['a bare "Bearer"', { authorization: 'Bearer' }, /empty/],
  ['a token of blanks', { authorization: 'Bearer    ' }, /empty/],
]

export function authCases(target: TargetRef) {
  describe('authentication', () => {
    for (const operation of operations) {
      it(`${operation.id} refuses missing or malformed credentials with 401`, async () => {
        const sample = samples[operation.id]
        for (const [, headers, message] of badHeaders) {
          const reply = await target().send(sample.method, sample.path, {
            body: sample.body,
            auth: false,
            ...(headers && { headers }),
          })
          expect(expectErrorShape(reply, 401)).toMatch(message)
          expect(reply.json.error).toBe('Unauthorized')
        }
      })
    }

    it('accepts any non-empty Bearer token, whatever the case of the scheme', async () => {
      for (const authorization of ['Bearer abc', 'bearer abc', 'BEARER eyJhbGciOiJIUzI1NiJ9.e30.x']) {
        const reply = await target().send('GET', '/securityToken', { auth: false, headers: { authorization } })
        expect(reply.status).toBe(200)
      }
    })

    it('changes nothing when a write is refused for credentials', async () => {
      const before = await target().send('GET', samples.listManagerPayments.path)
      const sample = samples.createManagerPayment
      const payment = sample.body as { managerAddress: string; tokenAddress: string }
      await target().send('POST', '/manager', {
        body: { ...payment, managerAddress: before.json[0].managerAddress, tokenAddress: before.json[0].tokenAddress },
        auth: false,
      })
      const after = await target().send('GET', samples.listManagerPayments.path)
      expect(after.json).toEqual(before.json)
      const deleted = await target().send('DELETE', samples.deleteSecurityToken.path, { auth: false })
      expect(deleted.status).toBe(401)
      expect((await target().send('GET', '/securityToken')).json).toHaveLength(3)
    })
  })
}

/** Users: read by id, 404 for an unknown one. */
import { describe, expect, it } from 'vitest'
import { isValidCpf } from '../../src/domain/tax-ids.ts'
import { expectErrorShape, fixtures } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

export function userCases(target: TargetRef) {
  describe('users', () => {
    it('reads every seeded user as stored', async () => {
      for (const user of fixtures.users) {
        const reply = await target().send('GET', `/users/${user.id}`)
        expect(reply.status).toBe(200)
        expect(reply.json).toEqual(user)
        expect(isValidCpf(reply.json.personalData.cpf)).toBe(true)
      }
    })

    it('ignores the casing of the id', async () => {
      const user = fixtures.users[0]!
      expect((await target().send('GET', `/users/${user.id.toUpperCase()}`)).json).toEqual(user)
    })

    it('answers 404 for an unknown id, whatever its form', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%20']) {
        const reply = await target().send('GET', `/users/${id}`)
        expectErrorShape(reply, 404)
      }
    })
  })
}

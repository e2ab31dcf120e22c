/** Presenters: the cached wire shape of a security token follows the clock and never goes stale. */
import { describe, expect, it } from 'vitest'
import { defaultFixtures } from '../../src/model/default-fixtures.ts'
import { parseWorld } from '../../src/model/world.ts'
import { isPast, presentSecurityToken } from '../../src/resolvers/presenters.ts'

describe('presentSecurityToken', () => {
  const record = parseWorld(defaultFixtures).securityTokens[0]!
  const { series, ...rest } = record
  const before = new Date(Date.parse(`${record.expirationDate}T12:00:00.000Z`))
  const after = new Date(Date.parse(`${record.expirationDate}T23:59:59.999Z`) + 1)

  it('adds expired from the clock, in the wire order, as isPast says', () => {
    for (const now of [before, after]) {
      const token = presentSecurityToken(record, now)
      expect(JSON.stringify(token)).toBe(
        JSON.stringify({ ...rest, expired: isPast(record.expirationDate, now), series }),
      )
    }
    expect(presentSecurityToken(record, before).expired).toBe(false)
    expect(presentSecurityToken(record, after).expired).toBe(true)
  })

  it('gives the same frozen object while neither the record nor its expiry changes', () => {
    expect(presentSecurityToken(record, before)).toBe(presentSecurityToken(record, before))
    expect(Object.isFrozen(presentSecurityToken(record, before))).toBe(true)
    const changed = { ...record, tokenName: 'renamed' }
    expect(presentSecurityToken(changed, before).tokenName).toBe('renamed')
    expect(presentSecurityToken({ ...record, expirationDate: '' }, after).expired).toBe(false)
    expect(presentSecurityToken({ ...record, expirationDate: 'not a date' }, after).expired).toBe(false)
  })
})

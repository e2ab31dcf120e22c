/**
 * A security token's dates as the factory makes them: the ones drawn keep the order of the domain
 * (created ≤ emission end ≤ expiry ≤ latest expiry) against the ones the overrides give, whichever
 * are given and wherever they lie from the clock's now; the ones given are kept as given.
 */
import { describe, expect, it } from 'vitest'
import type { SecurityTokenOverrides } from '../../src/factories/overrides.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'

const NOW = new Date('2026-03-02T12:00:00.000Z')
type Dates = Pick<SecurityTokenOverrides, 'createdAt' | 'emissionEndDate' | 'expirationDate' | 'maxExpirationDate'>

const CASES: Dates[] = [
  {},
  { expirationDate: '2025-12-31' },
  { expirationDate: '2026-04-01' },
  { expirationDate: '2026-03-02T13:00:00.000Z' },
  { maxExpirationDate: '2026-03-20T10:00:00-03:00' },
  { maxExpirationDate: '2020-01-01' },
  { emissionEndDate: '2040-01-01' },
  { emissionEndDate: '2019-06-30' },
  { createdAt: '2035-01-01T00:00:00.000Z' },
  { createdAt: '2001-01-01T00:00:00.000Z', expirationDate: '2001-02-01' },
  { expirationDate: '2027-01-31', maxExpirationDate: '2028-01-31' },
]

const at = (text: string) => Date.parse(text)

describe('the dates of a security token the factory makes', () => {
  it.each(CASES.map((dates) => [JSON.stringify(dates), dates] as const))(
    'are in order with those given: %s',
    async (_name, given) => {
      const simulator = createSimulator({ now: NOW })
      for (const token of await simulator.createMany.securityTokens(8, given)) {
        expect(token).toMatchObject(given)
        const { createdAt, emissionEndDate, expirationDate, maxExpirationDate } = token
        const dates = JSON.stringify({ createdAt, emissionEndDate, expirationDate, maxExpirationDate })
        expect(at(createdAt), dates).toBeLessThan(at(emissionEndDate))
        expect(at(emissionEndDate), dates).toBeLessThanOrEqual(at(expirationDate))
        expect(at(expirationDate), dates).toBeLessThanOrEqual(at(maxExpirationDate))
      }
    },
  )

  it('close the emission on or before the expiry given (the case of the audit)', async () => {
    const simulator = createSimulator({ now: NOW })
    const token = await simulator.create.securityTokens({ expirationDate: '2025-12-31' })
    expect(token.expirationDate).toBe('2025-12-31')
    expect(token.emissionEndDate <= '2025-12-31').toBe(true)
    const [listed] = await simulator.sessions
      .get('dates')
      .create.securityTokens.many(1, { expirationDate: '2025-12-31' })
    expect(listed!.emissionEndDate <= '2025-12-31').toBe(true)
  })

  it('keep the draws of a token given no dates (the same as before this rule)', async () => {
    const token = await createSimulator({ now: NOW }).create.securityTokens()
    expect(token.expirationDate).toBe(token.maxExpirationDate)
    expect(at(token.emissionEndDate) - NOW.getTime()).toBeGreaterThanOrEqual(59 * 86_400_000)
    expect(at(token.emissionEndDate) - NOW.getTime()).toBeLessThanOrEqual(121 * 86_400_000)
  })

  it('refuse a date that is not one, naming the field', async () => {
    await expect(createSimulator().create.securityTokens({ emissionEndDate: 'soon' })).rejects.toThrow(
      'overrides.emissionEndDate must be a date (YYYY-MM-DD) or an ISO 8601 date-time, got "soon"',
    )
  })
})

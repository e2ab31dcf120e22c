/**
 * `thousands()` writes whole numbers exactly as `toLocaleString('en-US')` does: the messages and
 * the OpenAPI document say "1,000,000,000" without loading ICU's data at import.
 */
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { MAX_DECIMAL, MAX_MONEY, thousands } from '../../src/contract/formats.ts'

it('groups the digits of a whole number by three, as en-US does', () => {
  for (const n of [0, 7, 999, 1000, 20_000, MAX_MONEY, MAX_DECIMAL])
    expect(thousands(n)).toBe(n.toLocaleString('en-US'))
  fc.assert(
    fc.property(fc.maxSafeInteger(), (n) => thousands(n) === n.toLocaleString('en-US')),
    { seed: 20261126, numRuns: 2000 },
  )
})

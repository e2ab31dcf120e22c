import { describe, expect, it } from 'vitest'
import { addMonths } from '../../src/domain/calendar.ts'
import { installmentCents, lastDueDate, periodRate, schedule } from '../../src/domain/price-table.ts'

const terms = {
  principalCents: 1_200_000,
  installments: 12,
  monthlyRate: 0.015,
  frequency: 'monthly',
  firstDueDate: '2026-04-01',
} as const

describe('Price table', () => {
  it('computes the textbook installment', () => {
    expect(installmentCents(terms)).toBe(110016) // 12000 × 0.015 / (1 − 1.015^−12)
    expect(installmentCents({ ...terms, monthlyRate: 0 })).toBe(100000)
  })

  it('amortizes exactly the principal, interest falling as the balance does', () => {
    const rows = schedule(terms)
    expect(rows).toHaveLength(12)
    expect(rows.reduce((sum, row) => sum + row.principalCents, 0)).toBe(1_200_000)
    expect(rows.at(-1)!.balanceCents).toBe(0)
    expect(rows[0]!.interestCents).toBe(18000)
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.interestCents).toBeLessThan(rows[i - 1]!.interestCents)
    for (const row of rows.slice(0, -1)) expect(row.amountCents).toBe(110016)
    expect(Math.abs(rows.at(-1)!.amountCents - 110016)).toBeLessThanOrEqual(12)
  })

  it('compounds the monthly rate over longer periods and spaces due dates by them', () => {
    expect(periodRate(0.01, 'quarterly')).toBeCloseTo(0.030301, 6)
    expect(lastDueDate({ installments: 4, frequency: 'quarterly', firstDueDate: '2026-01-31' })).toBe('2026-10-31')
    expect(schedule({ ...terms, frequency: 'semiannual', installments: 3 }).map((row) => row.dueDate)).toEqual([
      '2026-04-01',
      '2026-10-01',
      '2027-04-01',
    ])
  })

  it('clamps month ends', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15')
  })
})

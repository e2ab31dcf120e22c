import { describe, expect, it } from 'vitest'
import { addMonths, dayToUnixSeconds } from '../../src/domain/calendar.ts'
import { installmentCents, lastDueDate, periodRate, schedule } from '../../src/domain/price-table.ts'
import { FULL_COUNTS } from '../support/property-runs.ts'

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

  it('counts days and adds months as Date does, over the whole calendar, without a Date', () => {
    /** The day `ms` falls on, by Date. */
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    /** addMonths by Date: the same day `months` later, or the target month's last day. */
    const byDate = (day: string, months: number) => {
      const [year, month, date] = day.split('-').map(Number) as [number, number, number]
      const last = new Date(0)
      last.setUTCFullYear(year, month - 1 + months + 1, 0)
      const target = new Date(0)
      target.setUTCFullYear(year, month - 1 + months, Math.min(date, last.getUTCDate()))
      return dayOf(target.getTime())
    }
    const first = Date.parse('0001-01-01T00:00:00Z')
    const last = Date.parse('9999-12-31T00:00:00Z')
    const wrong: string[] = []
    // Every 97th day from 0001 to 9999 (every 971st in the inner loop): every day of the month
    // comes round, leap days included.
    const step = FULL_COUNTS ? 97 : 971
    for (let ms = first; ms <= last; ms += step * 86_400_000) {
      const day = dayOf(ms)
      if (dayToUnixSeconds(day) !== ms / 1000) wrong.push(`dayToUnixSeconds(${day})`)
      if (ms < Date.parse('9998-01-01') && ms > Date.parse('0003-01-01'))
        for (const months of [-13, -1, 1, 2, 12, 13])
          if (addMonths(day, months) !== byDate(day, months)) wrong.push(`addMonths(${day}, ${months})`)
    }
    expect(wrong).toEqual([])
    expect(dayToUnixSeconds('9999-12-31')).toBe(last / 1000)
    expect(() => addMonths('9999-12-31', 1)).toThrow(RangeError)
    expect(() => addMonths('0001-01-31', -1)).toThrow(RangeError)
  })
})

/**
 * A generated world's dates reach decades back (birth dates) and years ahead (installments,
 * expiries): a `now` too close to the calendar's ends (years 0001-9999) is refused before anything
 * is drawn, and a `now` just inside them gives a world every record of which is valid and every
 * list of which answers, never a 500.
 */
import { describe, expect, it } from 'vitest'
import { generateWorld } from '../../src/model/generate-world.ts'
import { tables } from '../../src/model/records.ts'
import { tableNames } from '../../src/model/world.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { call } from '../scenarios/support.ts'
import '../support/faker-locale.ts'

describe('a generated world near the ends of the calendar', () => {
  it('is refused up front, naming the instants it accepts', () => {
    expect(() => createSimulator({ size: 50, now: '9999-11-01T00:00:00Z' })).toThrow(
      'a generated world of 50 debt tokens cannot be written at 9999-11-01T00:00:00.000Z: its dates reach 25986 days before now and 1825 days after it, and the calendar holds the years 0001 to 9999; give a now from 0072-02-24T00:00:00.000Z to 9995-01-01T23:59:59.999Z',
    )
    expect(() => createSimulator({ size: 50, now: '0050-06-01T00:00:00Z' })).toThrow(/give a now from 0072-02-24/)
    // A larger world's later rows reach further ahead: what a small one may start at, it may not.
    expect(() => createSimulator({ size: 50, now: '9990-01-01T00:00:00Z' })).not.toThrow()
    expect(() => generateWorld({ seed: 1, debtTokens: 400_000, now: new Date('9990-01-01T00:00:00Z') })).toThrow(
      /^a generated world of 400000 debt tokens cannot be written at 9990-01-01/,
    )
  })

  it.each(['0072-02-25T00:00:00Z', '9994-12-31T00:00:00Z'])(
    'holds valid records and answers every list at %s',
    async (now) => {
      const simulator = createSimulator({ size: 60, now })
      for (const name of tableNames) {
        for (const record of simulator.model[name].all()) {
          const result = tables[name].schema.safeParse(record)
          expect(result.success, `${name}: ${JSON.stringify(result.error?.issues[0])}`).toBe(true)
        }
      }
      for (const token of simulator.model.securityTokens.all()) {
        const listed = await call(simulator, 'GET', `/manager/debt-tokens/${token.contractAddress}`)
        expect(listed.status).toBe(200)
      }
    },
  )
})

/**
 * The patterns the OpenAPI document gives dates, date-times and bounded decimal strings accept
 * exactly what the zod schemas accept, so a tool that generates from the document sends only
 * values the simulator takes, and a value it calls invalid is refused. zod checks these in steps
 * (a pattern, then a calendar or a bound); the document says each in one pattern.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { SetClockBody } from '../../src/contract/control-schemas.ts'
import {
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  DecimalString,
  INSTANT_PATTERN,
  InstallmentsString,
  IsoDate,
  IsoDateTime,
  MoneyString,
  MonthlyInterestString,
} from '../../src/contract/formats.ts'
import { CALENDAR_SPAN_MS, parseInstant } from '../../src/contract/instants.ts'
import { validatorOf } from '../support/json-schema-arbitrary.ts'
import { document, documentAjv, documented } from '../support/openapi-document.ts'

const RUNS = { seed: 20260302, numRuns: 3000 }

function documentedPattern(schema: z.ZodMiniType): RegExp {
  const pattern = z.globalRegistry.get(schema)?.pattern
  if (typeof pattern !== 'string') throw new Error('no documented pattern')
  return new RegExp(pattern)
}

/** How often each verdict came up, so a run shows it tried both sides of the line. */
const verdicts = { accepted: 0, refused: 0 }

function agree(schema: z.ZodMiniType, pattern: RegExp, text: string): void {
  const accepted = schema.safeParse(text).success
  expect(pattern.test(text), text).toBe(accepted)
  verdicts[accepted ? 'accepted' : 'refused']++
}

function expectBothSides(run: () => void): void {
  verdicts.accepted = 0
  verdicts.refused = 0
  run()
  expect(verdicts.accepted).toBeGreaterThan(200)
  expect(verdicts.refused).toBeGreaterThan(200)
}

describe('the document pattern of a date', () => {
  it('accepts every real day of the calendar and nothing else, leap years and the year 0000 included', () => {
    const pattern = new RegExp(DATE_PATTERN)
    for (const year of ['0000', '0001', '0004', '0100', '0400', '1900', '2000', '2024', '2100', '2026', '9999']) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          agree(IsoDate, pattern, `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)
        }
      }
    }
  })

  it('agrees with the schema on near-dates', () => {
    const pattern = new RegExp(DATE_PATTERN)
    expectBothSides(() =>
      fc.assert(
        fc.property(fc.stringMatching(/^\d{4}-[01]\d-[0-3]\d$/), (text) => agree(IsoDate, pattern, text)),
        RUNS,
      ),
    )
  })
})

describe('the document pattern of a date-time', () => {
  it('agrees with the schema on near-date-times (fractions, zones, leap days)', () => {
    const pattern = new RegExp(DATE_TIME_PATTERN)
    const nearDateTime = fc.oneof(
      fc.stringMatching(
        /^\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-6]\d:[0-6]\d(\.\d{1,12})?(Z|[+-][0-2]\d:[0-6]\d|z|[+-]\d{4})?$/,
      ),
      fc.stringMatching(
        /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d)T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,12})?(Z|[+-][01]\d:[0-5]\d)$/,
      ),
    )
    expectBothSides(() =>
      fc.assert(
        fc.property(nearDateTime, (text) => {
          // The first and last hours of the calendar depend on the zone: a day's pattern cannot say that.
          fc.pre(!/^(0001-01-01|9999-12-31)T/.test(text))
          agree(IsoDateTime, pattern, text)
        }),
        RUNS,
      ),
    )
  })
})

describe("the document's body of PUT /__sim/clock", () => {
  const ajv = documentAjv()
  const validBody = validatorOf(ajv, documented('setClock').requestBody!.content['application/json'].schema)

  it('refuses what the clock refuses and takes what it takes, the examples included', () => {
    const bodies: [unknown, boolean][] = [
      [{}, false],
      [{ now: 'reprehenderit elit' }, false],
      [{ now: '2026-02-30T00:00:00Z' }, false],
      [{ now: '2026-06-01T00:00:00Z', advanceMs: 1 }, false],
      [{ advanceMs: CALENDAR_SPAN_MS + 1 }, false],
      [{ advanceMs: '1d' }, false],
      [{ now: '2026-06-01T00:00Z' }, true],
      [{ now: '2024-02-29T23:59:59.123456789-03:00' }, true],
      [{ advanceMs: -CALENDAR_SPAN_MS }, true],
      ...(document.components.schemas.SimSetClock!.examples as unknown[]).map((body): [unknown, boolean] => [
        body,
        true,
      ]),
    ]
    for (const [body, valid] of bodies) {
      expect(validBody(body), JSON.stringify(body)).toBe(valid)
      expect(SetClockBody.safeParse(body).success, JSON.stringify(body)).toBe(valid)
    }
  })

  it('says which member to give when there is none, and that there must not be both', () => {
    const message = (body: unknown) => SetClockBody.safeParse(body).error?.issues[0]?.message
    expect(message({})).toMatch(/: give now or advanceMs$/)
    expect(message({ now: '2026-06-01T00:00:00Z', advanceMs: 1 })).toMatch(/, not both$/)
  })

  it("has a pattern for `now` that agrees with the clock's parser but on the calendar's first and last day", () => {
    const pattern = new RegExp(INSTANT_PATTERN)
    const instant = z.string().check(z.refine((text) => parseInstant(text) instanceof Date))
    const nearInstant = fc.oneof(
      fc.stringMatching(
        /^\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-6]\d(:[0-6]\d(\.\d{1,12})?)?(Z|[+-][0-2]\d:[0-6]\d|z|[+-]\d{4})?$/,
      ),
      fc.stringMatching(
        /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d)T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,12})?)?(Z|[+-][01]\d:[0-5]\d)$/,
      ),
    )
    expectBothSides(() =>
      fc.assert(
        fc.property(nearInstant, (text) => {
          fc.pre(!/^(0000-12-31|0001-01-01|9999-12-31)T/.test(text))
          agree(instant, pattern, text)
        }),
        RUNS,
      ),
    )
  })
})

describe('the document patterns of bounded decimal strings', () => {
  it.each([
    ['DecimalString', DecimalString],
    ['MoneyString', MoneyString],
    ['MonthlyInterestString', MonthlyInterestString],
    ['InstallmentsString', InstallmentsString],
  ] as const)('%s: the pattern accepts exactly the digits and the bound the schema accepts', (_name, schema) => {
    const pattern = documentedPattern(schema)
    const nearDecimal = fc.oneof(
      fc.stringMatching(/^\d{1,17}(\.\d{0,10})?$/),
      fc.stringMatching(/^0{0,16}(1|2|6)0{0,13}(\.0{0,9})?$/), // around the bounds: 1…0, 20, 600
      fc.stringMatching(/^0{0,16}\d{0,2}(\.\d{1,9})?$/),
      fc.stringMatching(/^\d{1,4}$/),
    )
    expectBothSides(() =>
      fc.assert(
        fc.property(nearDecimal, (text) => agree(schema, pattern, text)),
        RUNS,
      ),
    )
    for (const text of ['0', '1', '20', '20.0', '20.01', '600', '601', '1000000000', '1000000000.00', '1000000000.01'])
      agree(schema, pattern, text)
  })
})

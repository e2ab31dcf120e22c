/**
 * How much of a body the journal keeps (`journalBodyLimit`, `--journal-body-limit`): 4096
 * characters unless told more, up to 1 MiB, and an answer of the journal carries at most as many
 * characters of bodies as one of short bodies would, its older entries paged back with `before`.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_JOURNAL_BODY_LIMIT,
  isCutBody,
  Journal,
  type JournalInput,
  MAX_JOURNAL_BODY_CHARS,
  MAX_JOURNAL_BODY_LIMIT,
} from '../../src/observability/journal.ts'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { journalInput } from '../support/journal-input.ts'
import { propertyRuns } from '../support/property-runs.ts'

const exchange = (responseBody: string | null, requestBody: string | null = null): JournalInput =>
  journalInput({ method: 'GET', operation: 'listSecurityTokens', requestBody, responseBody })

describe('the journal’s body limit', () => {
  it('keeps 4096 characters by default and a long body whole when told more', () => {
    const long = 'x'.repeat(14_000)
    const cut = new Journal(10).record(exchange(long))
    expect(cut.responseBody).toHaveLength(DEFAULT_JOURNAL_BODY_LIMIT + '…[9904 more]'.length)
    expect(isCutBody(cut.responseBody)).toBe(true)

    const whole = new Journal(10, 16_384).record(exchange(long))
    expect(whole.responseBody).toBe(long)
    expect(isCutBody(whole.responseBody)).toBe(false)

    const over = new Journal(10, 16_384).record(exchange('y'.repeat(20_000)))
    expect(over.responseBody).toHaveLength(16_384 + '…[3616 more]'.length)
    expect(isCutBody(over.responseBody)).toBe(true)
  })

  it('refuses a limit below the default, above 1 MiB or not whole', () => {
    for (const limit of [4095, MAX_JOURNAL_BODY_LIMIT + 1, 5000.5, Number.NaN])
      expect(() => new Journal(10, limit)).toThrow(/journal body limit must be a whole number of characters/)
  })

  it('is a flag of serve, within the same bounds', () => {
    expect(parseArgs(['--journal-body-limit', '65536'])).toMatchObject({ options: { journalBodyLimit: 65_536 } })
    expect(parseArgs([])).toMatchObject({ options: { journalBodyLimit: undefined } })
    expect(parseArgs(['--journal-body-limit', '100'])).toEqual({
      kind: 'error',
      message: '--journal-body-limit must be a whole number from 4096 to 1048576, got 100',
    })
  })

  it('answers the newest entries whose bodies fit the budget, at least one, and paging back reaches each once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 3000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 8000 }),
        (lengths, budget) => {
          const journal = new Journal(100, 8192)
          for (const length of lengths) journal.record(exchange('b'.repeat(length)))
          const seen: number[] = []
          let before: number | undefined
          for (;;) {
            const page = journal.list({ before, maxBodyChars: budget })
            if (page.length === 0) break
            const chars = page.reduce((sum, entry) => sum + (entry.responseBody?.length ?? 0), 0)
            // Over the budget only when one entry alone is.
            if (page.length > 1) expect(chars).toBeLessThanOrEqual(budget)
            // The newest that fit: one more (the next older) would not have.
            const older = journal.list({ before: page[0]!.seq })
            const next = older.at(-1)
            if (next !== undefined) expect(chars + (next.responseBody?.length ?? 0)).toBeGreaterThan(budget)
            seen.unshift(...page.map((entry) => entry.seq))
            before = page[0]!.seq
          }
          expect(seen).toEqual(lengths.map((_, index) => index + 1))
        },
      ),
    )
  })
})

describe('the journal’s body total', () => {
  it('holds the newest entries that fit its capacity and its body total, as a list trimmed from the oldest would', () => {
    const operation = fc.oneof(
      { weight: 8, arbitrary: fc.record({ request: fc.nat(6_000), response: fc.nat(6_000) }) },
      { weight: 1, arbitrary: fc.constant('clear' as const) },
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.array(operation),
        (capacity, total, operations) => {
          const journal = new Journal(capacity, MAX_JOURNAL_BODY_LIMIT, total)
          let model: number[] = [] // the lengths of the entries held, oldest first
          for (const next of operations) {
            if (next === 'clear') {
              journal.clear()
              model = []
              continue
            }
            const request = next.request === 0 ? null : 'q'.repeat(next.request)
            journal.record(exchange('r'.repeat(next.response), request))
            model.push(next.request + next.response)
            if (model.length > capacity) model.shift()
            while (model.length > 1 && model.reduce((sum, chars) => sum + chars, 0) > total) model.shift()
            const held = journal
              .list()
              .map((entry) => (entry.requestBody?.length ?? 0) + (entry.responseBody?.length ?? 0))
            expect(held).toEqual(model)
            expect(journal.bodyChars).toBe(model.reduce((sum, chars) => sum + chars, 0))
          }
        },
      ),
      { seed: 45, numRuns: propertyRuns(500) },
    )
  })

  it(`holds at most ${MAX_JOURNAL_BODY_CHARS} characters of bodies whatever its capacity and body limit`, () => {
    const journal = new Journal(100_000, MAX_JOURNAL_BODY_LIMIT)
    const body = 'x'.repeat(MAX_JOURNAL_BODY_LIMIT)
    for (let i = 0; i < 40; i++) journal.record(exchange(body, body))
    expect(journal.bodyChars).toBeLessThanOrEqual(MAX_JOURNAL_BODY_CHARS)
    expect(journal.list()).toHaveLength(MAX_JOURNAL_BODY_CHARS / (2 * MAX_JOURNAL_BODY_LIMIT))
    expect(journal.list().at(-1)!.seq).toBe(40)
  })
})

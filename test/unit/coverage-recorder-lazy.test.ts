/**
 * The recorder counts without the report builder (decision 0017: recording must not load the
 * OpenAPI document's builder), and loads it when a report is asked for or when what it keeps must
 * be settled: exchanges a scenario's rule answered and distinct 400 messages are kept until then,
 * and the report is the same as one built from every exchange. Each test starts from a fresh
 * module graph, so the builder is not loaded yet.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CountedExchange, ExchangeCounter } from '../../src/pipeline/journal-step.ts'

const rule503 = { operation: '*', respond: { status: 503 } } as const
const rule429 = { operation: 'listSecurityTokens', respond: { status: 429 } } as const

/** A simulator as the recorder sees it: it tells its counters each exchange and the rule that answered it. */
function flakySimulator() {
  const counters = new Set<ExchangeCounter>()
  const simulator = {
    host: {
      countExchanges(counter: ExchangeCounter) {
        counters.add(counter)
        return () => void counters.delete(counter)
      },
    },
  }
  const answer = (exchange: CountedExchange, rule: unknown = null) => {
    for (const counter of counters) counter(exchange, rule)
  }
  return { simulator, answer }
}

const badRequest = (n: number) =>
  JSON.stringify({ statusCode: '400', error: 'Bad Request', message: `body.amount must be valid, got ${n}` })

beforeEach(() => {
  vi.resetModules()
})

describe('the coverage recorder and its report builder', () => {
  it('counts without loading the builder, and loads it for a report', async () => {
    const { recordCoverage } = await import('../../src/coverage/coverage-recorder.ts')
    const { loadedReportBuilder } = await import('../../src/coverage/report-builder.ts')
    const { simulator, answer } = flakySimulator()
    const recorder = recordCoverage(simulator)
    answer({ operation: 'listSecurityTokens', status: 200, scenario: null, session: null, responseBody: '{}' })
    answer({ operation: 'getUser', status: 503, scenario: 'flaky', session: null, responseBody: '{}' }, rule503)
    expect(loadedReportBuilder()).toBeUndefined()
    const report = await recorder.report()
    expect(loadedReportBuilder()).toBeDefined()
    expect(report.totals.calls).toBe(2)
  })

  it('reports every exchange kept before the builder was loaded, however many', async () => {
    const { recordCoverage } = await import('../../src/coverage/coverage-recorder.ts')
    const { coverageOf } = await import('../../src/coverage/coverage-tally.ts')
    const { exchangeOf } = await import('../../src/coverage/exchange-of.ts')
    const { simulator, answer } = flakySimulator()
    const recorder = recordCoverage(simulator)
    const seen: { exchange: CountedExchange; rule: unknown }[] = []
    // More than the recorder keeps of each before it settles them, all answered before any report.
    for (let n = 0; n < 1200; n++) {
      const ruled: CountedExchange =
        n % 2 === 0
          ? { operation: 'listSecurityTokens', status: 429, scenario: 'flaky', session: null, responseBody: '{}' }
          : { operation: 'getUser', status: 503, scenario: 'flaky', session: 'qa-1', responseBody: '{}' }
      const distinct: CountedExchange = {
        operation: 'listSecurityTokens',
        status: 400,
        scenario: null,
        session: n % 3 === 0 ? 'qa-1' : null,
        responseBody: badRequest(n),
      }
      for (const [exchange, rule] of [
        [ruled, ruled.status === 429 ? rule429 : rule503],
        [distinct, null],
      ] as const) {
        answer(exchange, rule)
        seen.push({ exchange, rule })
      }
    }
    const model = (of: typeof seen) => coverageOf(of.map(({ exchange, rule }) => exchangeOf(exchange, rule)))
    expect(await recorder.report()).toEqual(model(seen))
    expect(await recorder.report('qa-1')).toEqual(model(seen.filter(({ exchange }) => exchange.session === 'qa-1')))
  })
})

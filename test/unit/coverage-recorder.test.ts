/**
 * The recorder's cheap counts against a model: whatever sequence of answered requests a simulator
 * reports through `countExchanges` (sessions, scenarios, operations, statuses, many distinct 400
 * messages), read as reports at any points in between, the recorder's report equals the report
 * built from every exchange one by one, for the whole simulator and for each session.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { operationIds } from '../../src/contract/operations.ts'
import { recordCoverage } from '../../src/coverage/coverage-recorder.ts'
import { coverageOf } from '../../src/coverage/coverage-tally.ts'
import { exchangeOf } from '../../src/coverage/exchange-of.ts'
import type { CountedExchange, ExchangeCounter } from '../../src/pipeline/journal-step.ts'
import { propertyRuns } from '../support/property-runs.ts'

/** A simulator as the recorder sees it: it tells its counters each exchange and the rule that answered it. */
function fakeSimulator() {
  const counters = new Set<ExchangeCounter>()
  const simulator = {
    host: {
      countExchanges(counter: ExchangeCounter) {
        counters.add(counter)
        return () => void counters.delete(counter)
      },
    },
  }
  const answer = (exchange: CountedExchange, rule: unknown) => {
    for (const counter of counters) counter(exchange, rule)
  }
  return { simulator, answer }
}

const badRequest = (message: string) => JSON.stringify({ statusCode: '400', error: 'Bad Request', message })
const fields = ['body.amount', 'body.managerAddress', 'path parameter address', 'query parameter page']

const exchange = fc.oneof(
  fc.record({
    operation: fc.constantFrom(...operationIds, null),
    status: fc.constantFrom(200, 201, 401, 404, 409, 413, 429, 503, 0),
    responseBody: fc.constant('{}'),
  }),
  fc.record({
    operation: fc.constantFrom(...operationIds),
    status: fc.constant(400),
    responseBody: fc.oneof(
      // Many distinct messages (a value in each), so the recorder settles them while counting.
      fc
        .tuple(fc.subarray(fields, { minLength: 1 }), fc.nat(5000))
        .map(([named, n]) => badRequest(named.map((field) => `${field} must be valid, got ${n}`).join('; '))),
      fc.constant(badRequest('X-Sim-Session must be an id')),
      fc.constant('not JSON'),
    ),
  }),
)
/** Rules a scenario may answer with: a status no operation declares, and one some declare. */
const rules = [
  { operation: '*', respond: { status: 503 } },
  { operation: '*', respond: { status: 404 } },
]
const answered = fc.record({
  exchange,
  scenario: fc.constantFrom(null, 'flaky'),
  rule: fc.constantFrom(null, ...rules),
  session: fc.constantFrom(null, 'qa-1', 'qa-2'),
  readReport: fc.boolean(),
})

describe('the coverage recorder', () => {
  it('reports what was answered, as a report of every exchange would, however often it is read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answered, { maxLength: 1500 }), async (sequence) => {
        const { simulator, answer } = fakeSimulator()
        const recorder = recordCoverage(simulator)
        const seen: (CountedExchange & { rule: unknown })[] = []
        for (const { exchange, scenario, session, rule, readReport } of sequence) {
          const counted = { ...exchange, scenario, session }
          answer(counted, rule)
          seen.push({ ...counted, rule })
          if (readReport && seen.length % 97 === 0) await recorder.report()
        }
        const model = (of: typeof seen) => coverageOf(of.map((each) => exchangeOf(each, each.rule)))
        expect(await recorder.report()).toEqual(model(seen))
        for (const session of [null, 'qa-1', 'qa-2'])
          expect(await recorder.report(session)).toEqual(model(seen.filter((each) => each.session === session)))
        recorder.stop()
        answer(seen[0] ?? { operation: null, status: 200, scenario: null, session: null, responseBody: null }, null)
        expect(await recorder.report()).toEqual(model(seen)) // stopped: the last one is not counted
      }),
      { numRuns: propertyRuns(100, 15), seed: 33 },
    )
  })
})

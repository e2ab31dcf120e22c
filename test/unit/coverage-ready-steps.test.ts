/**
 * The ready steps of the coverage report: for every declared response of every operation, what the
 * report offers to reach it parses as a scenario file's step (or rule) as it is, and really gets the
 * status: each step replayed over real fetch into an in-process simulator with the seeded world,
 * each rule activated before the operation's example request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/operations.ts'
import { coverageOf } from '../../src/coverage/coverage-tally.ts'
import { declaredStatuses } from '../../src/coverage/declared-responses.ts'
import { readyStep } from '../../src/coverage/ready-steps.ts'
import { fetchSend, replaySteps } from '../../src/record-replay/replay.ts'
import { Scenario } from '../../src/scenarios/scenario-schema.ts'
import { inProcessTarget, type SimulatorTarget } from '../support/target.ts'

const cases = operations.flatMap((operation) =>
  declaredStatuses(operation).map((status) => ({ operationId: operation.id, status })),
)

describe('the ready step of every declared response', () => {
  let target: SimulatorTarget
  beforeAll(async () => {
    target = await inProcessTarget()
  })
  afterAll(() => target.close())

  it.each(cases)(
    '$operationId $status: pastes into a scenario file and gets the status',
    async ({ operationId, status }) => {
      const ready = readyStep(operationId, status)!
      expect(ready.steps ?? ready.rule).toBeDefined()
      const file = {
        description: `reach ${status} of ${operationId}`,
        ...(ready.rule !== undefined && { rules: [ready.rule] }),
        ...(ready.steps !== undefined && { steps: ready.steps }),
      }
      const parsed = Scenario.safeParse(file)
      expect(parsed.error?.issues ?? []).toEqual([])
      target.simulator.reset()
      // A rule is checked with the operation's successful call, which it must turn into the status.
      const steps =
        parsed.data!.steps ?? Scenario.parse({ description: 'ok', steps: readyStep(operationId, 200)!.steps }).steps!
      if (ready.rule !== undefined) target.simulator.scenarios.use(parsed.data!)
      const last = steps.length - 1
      const results = await replaySteps(
        steps.map((step, i) => (i === last ? { ...step, expect: { status } } : step)),
        fetchSend(target.baseUrl),
      )
      expect(
        results.flatMap((result) => result.problems),
        `${ready.how}: ${JSON.stringify(steps)}`,
      ).toEqual([])
      expect(results.at(-1)!.outcome).toBe(String(status))
    },
  )

  it('offers a rule where no request gets the status, and the rule answers it', async () => {
    const ready = readyStep('getUser', 409)!
    expect(ready.steps).toBeUndefined()
    const file = Scenario.parse({ description: 'reach 409', rules: [ready.rule] })
    target.simulator.reset()
    target.simulator.scenarios.use(file)
    const steps = Scenario.parse({ description: 'ok', steps: readyStep('getUser', 200)!.steps }).steps!
    const [result] = await replaySteps([{ ...steps[0]!, expect: { status: 409 } }], fetchSend(target.baseUrl))
    expect(result!.problems).toEqual([])
  })

  it('is in the report for each declared response never seen, and only for those', async () => {
    const report = coverageOf([
      { operation: 'getUser', status: 200, scenario: null, rule: null, fields: [], own: false },
    ])
    const getUser = report.operations.find((operation) => operation.operationId === 'getUser')!
    expect(getUser.responses.map((response) => [response.status, response.ready?.how ?? null])).toEqual([
      [200, null],
      [400, 'the example request with path parameter id invalid'],
      [401, 'the example request without Authorization'],
      [404, 'the example request naming records that do not exist'],
    ])
  })
})

/**
 * `simulator.coverage()` in a test process, as a suite uses it: real fetch through msw's
 * setupServer, the report typed, kept across `reset()`, one session's on its own, a scenario's 503
 * listed apart with the rule that answered it.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { CoverageReport } from '../../src/index.ts'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'

const base = 'https://api.coverage.test'
const auth = { authorization: 'Bearer test' }
const { simulator, server } = setupSimulatorServer({ baseUrl: base })
beforeAll(() => server.listen(strictListenOptions))
afterAll(() => server.close())

const of = (report: CoverageReport, id: string) => report.operations.find((operation) => operation.operationId === id)!
const seen = (report: CoverageReport, id: string) =>
  Object.fromEntries(of(report, id).responses.map((response) => [response.status, response.seen]))

describe('simulator.coverage()', () => {
  it('counts what the suite sent, keeps it across reset(), and tells one session apart', async () => {
    expectTypeOf(simulator.coverage()).toEqualTypeOf<Promise<CoverageReport>>()
    expect((await simulator.coverage()).totals.calls).toBe(0)
    await fetch(`${base}/securityToken`, { headers: auth })
    await fetch(`${base}/securityToken`)
    simulator.reset()
    await fetch(`${base}/users/not-a-user`, { headers: { ...auth, 'x-sim-session': 'qa-1' } })

    const report = await simulator.coverage()
    expect(seen(report, 'listSecurityTokens')).toEqual({ 200: 1, 400: 0, 401: 1 })
    expect(seen(report, 'getUser')).toMatchObject({ 200: 0 })
    expect(of(report, 'getUser').calls).toBe(1)
    expect(report.totals.operations.covered).toBe(2)
    // The 400 ready step is there for what was never seen, and gone for what was.
    expect(of(report, 'listSecurityTokens').responses.find((response) => response.status === 400)!.ready).toBeDefined()
    expect(
      of(report, 'listSecurityTokens').responses.find((response) => response.status === 200)!.ready,
    ).toBeUndefined()

    const session = await simulator.coverage({ session: 'qa-1' })
    expect(session.totals.calls).toBe(1)
    expect(of(session, 'listSecurityTokens').calls).toBe(0)
  })

  it('lists a scenario’s 503 apart, with the rule that answered it', async () => {
    simulator.scenarios.use('flaky-backend')
    for (let i = 0; i < 3; i++) await fetch(`${base}/securityToken`, { headers: auth })
    simulator.scenarios.use(null)
    const list = of(await simulator.coverage(), 'listSecurityTokens')
    expect(list.undeclared).toEqual([
      {
        status: 503,
        declared: false,
        seen: 1,
        causes: [
          {
            scenario: 'flaky-backend',
            rule: expect.objectContaining({
              operation: '*',
              every: 3,
              respond: expect.objectContaining({ status: 503 }),
            }),
            seen: 1,
          },
        ],
      },
    ])
  })
})

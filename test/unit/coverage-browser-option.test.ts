/**
 * The browser runtime records API coverage only when asked: `setupSimulatorWorker()` counts nothing
 * and its `coverage()` says so (typed `CoverageNotRecorded`), `setupSimulatorWorker({ coverage:
 * true })` reports. msw's worker needs a browser, so `setupWorker` is stood in for here and the
 * simulator's own handlers answer real fetch through msw's setupServer, as the worker would.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { coverageRecorderOf, recordCoverage } from '../../src/coverage/coverage-recorder.ts'
import { loadReportBuilder } from '../../src/coverage/report-builder.ts'
import type { CoverageReport } from '../../src/index.ts'
import {
  type CoverageNotRecorded,
  type Simulator,
  type SimulatorWithoutCoverage,
  setupSimulatorWorker,
} from '../../src/runtimes/browser.ts'
import { strictListenOptions } from '../../src/runtimes/node.ts'

vi.mock('msw/browser', () => ({ setupWorker: (...handlers: unknown[]) => ({ handlers }) }))
// Spied on, not replaced: to see whether a page that asked for no report starts a recorder or loads the report's code.
vi.mock('../../src/coverage/coverage-recorder.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/coverage/coverage-recorder.ts')>()
  return { ...actual, recordCoverage: vi.fn(actual.recordCoverage) }
})
vi.mock('../../src/coverage/report-builder.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/coverage/report-builder.ts')>()
  return { ...actual, loadReportBuilder: vi.fn(actual.loadReportBuilder) }
})
beforeEach(() => vi.clearAllMocks())

const base = 'https://api.browser-coverage.test'
const server = setupServer()
beforeAll(() => server.listen(strictListenOptions))
afterAll(() => server.close())

async function answered(simulator: Simulator | SimulatorWithoutCoverage): Promise<void> {
  server.resetHandlers(...simulator.handlers)
  expect((await fetch(`${base}/securityToken`, { headers: { authorization: 'Bearer test' } })).status).toBe(200)
  expect((await fetch(`${base}/securityToken`)).status).toBe(401)
}

describe('setupSimulatorWorker and coverage', () => {
  it('records nothing unless asked, and coverage() says it was not asked for', async () => {
    const { simulator } = setupSimulatorWorker({ baseUrl: base })
    expectTypeOf(simulator.coverage()).toEqualTypeOf<Promise<CoverageNotRecorded>>()
    await answered(simulator)
    expect(await simulator.coverage()).toEqual({ recorded: false, message: expect.stringContaining('coverage: true') })
    expect((await simulator.coverage({ session: 'qa-1' })).recorded).toBe(false)
    expect(simulator.journal.list()).toHaveLength(2) // the requests were answered, only not counted
  })

  it('costs nothing unless asked: no recorder is started and the report’s code is never loaded', async () => {
    const { simulator } = setupSimulatorWorker({ baseUrl: base })
    await answered(simulator)
    await simulator.coverage()
    expect(recordCoverage).not.toHaveBeenCalled()
    expect(coverageRecorderOf(simulator)).toBeUndefined()
    expect(loadReportBuilder).not.toHaveBeenCalled()

    const asked = setupSimulatorWorker({ baseUrl: base, coverage: true }).simulator
    expect(recordCoverage).toHaveBeenCalledTimes(1)
    expect(coverageRecorderOf(asked)).toBeDefined()
  })

  it('records and reports with coverage: true', async () => {
    const { simulator } = setupSimulatorWorker({ baseUrl: base, coverage: true })
    expectTypeOf(simulator.coverage()).toEqualTypeOf<Promise<CoverageReport>>()
    await answered(simulator)
    const list = (await simulator.coverage()).operations.find(
      (operation) => operation.operationId === 'listSecurityTokens',
    )!
    expect(list.calls).toBe(2)
    expect(Object.fromEntries(list.responses.map((response) => [response.status, response.seen]))).toEqual({
      200: 1,
      400: 0,
      401: 1,
    })
  })

  it('says which it is when the option is only known as a boolean', async () => {
    const asked: boolean = Math.random() > 2
    const { simulator } = setupSimulatorWorker({ baseUrl: base, coverage: asked })
    const report = await simulator.coverage()
    expectTypeOf(report).toEqualTypeOf<CoverageReport | CoverageNotRecorded>()
    expect(report).toMatchObject({ recorded: false })
  })
})

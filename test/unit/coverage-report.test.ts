/**
 * The coverage report as pure functions: what it counts of real exchanges (real fetch through msw
 * into an in-process simulator, read from its journal), that merging parts is associative,
 * commutative and equal to one report of every exchange, and that the JSON Schema the package ships
 * is the zod schema's and accepts the reports.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CoverageReport } from '../../src/contract/coverage-report.ts'
import { operationIds, operations } from '../../src/contract/operations.ts'
import { coverageJsonSchemaText } from '../../src/coverage/coverage-json-schema.ts'
import { type CoverageExchange, coverageOf, mergeCoverage } from '../../src/coverage/coverage-tally.ts'
import { declaredStatuses } from '../../src/coverage/declared-responses.ts'
import { exchangeOf, fieldsNamedBy } from '../../src/coverage/exchange-of.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { inProcessTarget, type SimulatorTarget } from '../support/target.ts'
import { fixtures } from '../support/world.ts'

const root = join(import.meta.dirname, '../..')
const manager = fixtures.managerPayments[0]!

describe('the report of real exchanges', () => {
  let target: SimulatorTarget
  beforeAll(async () => {
    target = await inProcessTarget()
  })
  afterAll(() => target.close())

  it('counts calls, declared statuses, the fields of 400s, scenario statuses apart and the simulator’s own', async () => {
    const { simulator } = target
    const body = {
      managerAddress: manager.managerAddress,
      tokenAddress: manager.tokenAddress,
      amount: 10,
      serie: 'SENIOR',
    }
    await target.send('POST', '/manager', { body })
    await target.send('POST', '/manager', { body: { ...body, amount: 'ten', managerAddress: 'x' } })
    await target.send('POST', '/manager', { body, auth: false })
    await target.send('GET', '/securityToken', { headers: { 'x-sim-session': '..' } })
    simulator.scenarios.use({
      description: 'manager payments fail',
      rules: [{ operation: 'createManagerPayment', respond: { status: 503, message: 'down' } }],
    })
    await target.send('POST', '/manager', { body })
    simulator.scenarios.use(null)
    // A route no operation answers (msw passes it by; the standalone server's router answers it).
    await simulator.host.handle({
      method: 'GET',
      path: '/no/such/route',
      query: new URLSearchParams(),
      header: () => null,
      text: async () => '',
    })

    const rule = { operation: 'createManagerPayment', respond: { status: 503, message: 'down' } }
    const report = coverageOf(
      simulator.journal.list().map((entry) => exchangeOf(entry, entry.status === 503 ? rule : null)),
    )
    expect(CoverageReport.parse(report)).toEqual(report)
    const createManager = report.operations.find((operation) => operation.operationId === 'createManagerPayment')!
    expect(createManager.calls).toBe(4)
    expect(createManager.responses.map(({ status, seen }) => [status, seen])).toEqual([
      [200, 1],
      [400, 1],
      [401, 1],
    ])
    expect(createManager.responses[1]!.fields).toEqual([
      { field: 'body.amount', seen: 1 },
      { field: 'body.managerAddress', seen: 1 },
    ])
    expect(createManager.undeclared).toEqual([
      { status: 503, declared: false, seen: 1, causes: [{ scenario: 'inline', rule, seen: 1 }] },
    ])
    const list = report.operations.find((operation) => operation.operationId === 'listSecurityTokens')!
    expect(list.calls).toBe(1)
    expect(list.simulator).toEqual([{ status: 400, seen: 1, reason: expect.stringContaining('X-Sim-Session') }])
    expect(list.responses.every((response) => response.seen === 0)).toBe(true)
    expect(report.totals).toEqual({
      operations: { covered: 2, total: operations.length },
      responses: {
        covered: 3,
        total: operations.reduce((sum, operation) => sum + declaredStatuses(operation).length, 0),
      },
      calls: 5,
      unmatched: 1,
    })
  })

  it('declares for each operation its 200, 401, its own errors and the 400 of its input', () => {
    const byId = Object.fromEntries(operations.map((operation) => [operation.id, declaredStatuses(operation)]))
    expect(byId.createManagerPayment).toEqual([200, 400, 401])
    expect(byId.updateManagerPayment).toEqual([200, 400, 401, 404])
    expect(byId.getUser).toEqual([200, 400, 401, 404])
    expect(byId.listSecurityTokens).toEqual([200, 400, 401])
  })
})

describe('the fields a 400 names', () => {
  it('reads each field of a message, once, and nothing of a message that names none', () => {
    expect(
      fieldsNamedBy(
        'body.amount must be a number, got "ten"; body.items[0].id is required; path parameter address must be an ADDRESS; body: not JSON',
      ),
    ).toEqual(['body.amount', 'body.items[0].id', 'path parameter address', 'body'])
    expect(fieldsNamedBy('the status change is not allowed: PAID is final')).toEqual([])
  })
})

const anExchange: fc.Arbitrary<CoverageExchange> = fc.record({
  operation: fc.option(fc.constantFrom(...operationIds), { nil: null }),
  status: fc.constantFrom(0, 200, 400, 401, 403, 404, 413, 422, 429, 500, 502, 503, 507),
  scenario: fc.option(fc.constantFrom('flaky', 'slow'), { nil: null }),
  rule: fc.option(
    fc.constantFrom(
      { operation: '*', networkError: true },
      { operation: '*', respond: { status: 503 } },
      // A status most operations declare: forced, apart from what requests reached.
      { operation: '*', respond: { status: 400 } },
    ),
    {
      nil: null,
    },
  ),
  fields: fc.subarray(['body.amount', 'body.serie', 'path parameter address']),
  own: fc.boolean(),
})
const exchanges = fc.array(anExchange, { maxLength: 30 })

describe('merging reports', () => {
  it('is associative and commutative, and equals one report of every exchange', () => {
    fc.assert(
      fc.property(exchanges, exchanges, exchanges, (a, b, c) => {
        const [ra, rb, rc] = [coverageOf(a), coverageOf(b), coverageOf(c)]
        const whole = coverageOf([...a, ...b, ...c])
        expect(mergeCoverage(mergeCoverage(ra, rb), rc)).toEqual(whole)
        expect(mergeCoverage(ra, mergeCoverage(rb, rc))).toEqual(whole)
        expect(mergeCoverage(rb, ra)).toEqual(mergeCoverage(ra, rb))
        // A part read back from its JSON merges the same.
        expect(mergeCoverage(JSON.parse(JSON.stringify(ra)), rb)).toEqual(coverageOf([...a, ...b]))
      }),
      { numRuns: propertyRuns(200), seed: 33 },
    )
  })

  it('keeps an operation only one part knows (a part written by another version of the contract)', () => {
    const part = coverageOf([])
    const older = {
      ...part,
      operations: [
        ...part.operations,
        {
          operationId: 'retired',
          method: 'GET',
          path: '/retired',
          calls: 2,
          responses: [],
          undeclared: [],
          simulator: [],
        },
      ],
    }
    const merged = mergeCoverage(
      older,
      coverageOf([{ operation: 'getUser', status: 200, scenario: null, rule: null, fields: [], own: false }]),
    )
    expect(merged.operations.at(-1)).toMatchObject({ operationId: 'retired', calls: 2 })
    expect(merged.totals.operations).toEqual({ covered: 2, total: operations.length + 1 })
  })
})

describe('the JSON Schema in the package', () => {
  it('equals what the zod schema generates (run npm run coverage-schema after changing it)', () => {
    expect(readFileSync(join(root, 'docs/coverage.schema.json'), 'utf8')).toBe(coverageJsonSchemaText())
  })

  it('accepts every report and refuses one without its totals', () => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(coverageJsonSchemaText()))
    fc.assert(
      fc.property(exchanges, (list) => {
        expect(validate(JSON.parse(JSON.stringify(coverageOf(list)))), JSON.stringify(validate.errors)).toBe(true)
      }),
      { numRuns: propertyRuns(50), seed: 33 },
    )
    const { totals: _, ...withoutTotals } = coverageOf([])
    expect(validate(withoutTotals)).toBe(false)
  })
})

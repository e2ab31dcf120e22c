/**
 * The public types are precise: what a user gets wrong fails to compile. `npm run typecheck` checks
 * this file, so each `@ts-expect-error` below is itself a test (an unused one is a type error).
 */
import { expect, it } from 'vitest'
import type { FactoryOverrides, ScenarioInput, ScenarioRule } from '../../src/index.ts'
import { parseScenario } from '../../src/index.ts'
import type { DebtTokenRecord } from '../../src/model/records.ts'

it('types a scenario rule operation as an operation id or "*"', () => {
  const rule: ScenarioInput = {
    description: 'typed',
    rules: [
      { operation: 'createManagerPayment', respond: { status: 400, message: 'refused' } },
      { operation: '*', respond: { status: 503, message: 'down' } },
    ],
  }
  const typo: ScenarioInput = {
    description: 'typo',
    // @ts-expect-error: not an operation id
    rules: [{ operation: 'createManagerPaymnt', respond: { status: 400, message: 'refused' } }],
  }
  const operation: ScenarioRule['operation'] = parseScenario(rule, 'typed').rules![0]!.operation
  expect(operation).toBe('createManagerPayment')
  expect(() => parseScenario(typo, 'typo')).toThrow(/must be "\*" or an operation id/)
})

it('types factory overrides by table, and refuses derived fields and unknown states at compile time', async () => {
  const { createSimulator } = await import('../../src/index.ts')
  const simulator = createSimulator()
  const token: DebtTokenRecord = await simulator.create.debtTokens(
    { originalAmount: '1000.00', securityTokenAddress: null },
    { state: 'settled' },
  )
  expect(token.status).toBe(3)
  const refused = [
    // @ts-expect-error: status is derived (ask for a state)
    simulator.create.debtTokens({ status: 1 }),
    // @ts-expect-error: not a state
    simulator.create.debtTokens({}, { state: 'late' }),
    // @ts-expect-error: a user has no parcels
    simulator.create.users({ parcels: [] }),
    // @ts-expect-error: payment ids are assigned
    simulator.create.managerPayments({ id: 9 }),
  ]
  const messages = await Promise.all(refused.map((call) => call.then(String, (error: Error) => error.message)))
  expect(messages.map((message) => message.split(' ')[0])).toEqual([
    'overrides.status',
    'state',
    'overrides',
    'overrides.id',
  ])
  const overrides: FactoryOverrides<'users'> = { personalData: { fullName: 'Ana' } }
  expect((await simulator.session('typed').create.users(overrides)).personalData.fullName).toBe('Ana')
})

it('types the journal filter by operation id, and completes shipped scenario names while taking any', async () => {
  const { createSimulator } = await import('../../src/index.ts')
  const simulator = createSimulator()
  expect(simulator.journal.list({ operation: 'listSecurityTokens' })).toEqual([])
  // @ts-expect-error: not an operation id (it would silently match nothing)
  simulator.journal.list({ operation: 'listSecurityToken' })
  simulator.useScenario('flaky-backend') // a shipped name, completed by editors
  expect(simulator.scenario).toBe('flaky-backend')
  // A user's own name still compiles; at run time an unknown one is refused with the names it knows.
  expect(() => simulator.useScenario('my-own-scenario')).toThrow(/my-own-scenario/)
})

it('sets the clock from a Date or ISO text, and says what is wrong with anything else', async () => {
  const { createClock } = await import('../../src/index.ts')
  const clock = createClock()
  clock.set('2027-01-01T00:00:00Z')
  expect(clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z')
  clock.set(new Date('2028-02-29T12:00:00Z'))
  expect(clock.now().toISOString()).toBe('2028-02-29T12:00:00.000Z')
  expect(() => clock.set('2027-02-30T00:00:00Z')).toThrow(
    /clock\.set\(\) takes a Date or an ISO date-time: .*2027-02-30/,
  )
  // @ts-expect-error: a number is neither (JavaScript callers get a clear error, not "getTime is not a function")
  expect(() => clock.set(1_700_000_000_000)).toThrow(/clock\.set\(\) takes a Date or an ISO date-time: it is a number/)
  expect(clock.now().toISOString()).toBe('2028-02-29T12:00:00.000Z')
})

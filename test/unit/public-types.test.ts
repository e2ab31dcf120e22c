/**
 * The public types are precise: what a user gets wrong fails to compile. `npm run typecheck` checks
 * this file, so each `@ts-expect-error` below is itself a test (an unused one is a type error).
 */
import { expect, it } from 'vitest'
import type { z } from 'zod/mini'
import type { operations as GeneratedOperations } from '../../src/contract/api-types.ts'
import type { ControlRoute } from '../../src/contract/control.ts'
import type * as dashboard from '../../src/contract/control-dashboard-schemas.ts'
import type * as factory from '../../src/contract/control-factory-schemas.ts'
import type * as har from '../../src/contract/control-har.ts'
import type * as journal from '../../src/contract/control-journal-schemas.ts'
import type * as recordReplay from '../../src/contract/control-record-replay-schemas.ts'
import type * as control from '../../src/contract/control-schemas.ts'
import type * as coverage from '../../src/contract/coverage-report.ts'
import type { OperationById } from '../../src/contract/operations.ts'
import type {
  CoverageReadyStep,
  CoverageReport,
  components,
  contract,
  DebtToken,
  ErrorBody,
  FactoryOverrides,
  InvestorPayment,
  InvestorPaymentInput,
  InvestorPaymentUpdated,
  ManagerPayment,
  ManagerPaymentInput,
  ManagerPaymentUpdated,
  Operation,
  Parcel,
  PaymentStored,
  PaymentUpdate,
  operations as RootOperations,
  ScenarioInput,
  ScenarioRule,
  SecurityToken,
  SecurityTokenCreated,
  SecurityTokenDeleted,
  SecurityTokenInput,
  SecurityTokenUpdate,
  SecurityTokenUpdated,
  Series,
  SeriesInput,
  SignatureContract,
  SignatureContractCreated,
  SignatureContractInput,
  SimActivateScenario,
  SimBuildScenarioFile,
  SimClock,
  SimEvent,
  SimFactoryRecords,
  SimFactoryRequest,
  SimHar,
  SimHealth,
  SimJournal,
  SimJournalEntry,
  SimRecording,
  SimReplay,
  SimReplayReport,
  SimScenarioCatalog,
  SimScenarioFile,
  SimScenarioView,
  SimSessions,
  SimSetClock,
  SimStartRecording,
  SimState,
  SimTablePage,
  SimTableRecord,
  User,
} from '../../src/index.ts'
import { operationTable, parseScenario } from '../../src/index.ts'
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
  expect((await simulator.sessions.get('typed').create.users(overrides)).personalData.fullName).toBe('Ana')
})

it('types the journal filter by operation id, and completes shipped scenario names while taking any', async () => {
  const { createSimulator } = await import('../../src/index.ts')
  const simulator = createSimulator()
  expect(simulator.journal.list({ operation: 'listSecurityTokens' })).toEqual([])
  // @ts-expect-error: not an operation id (it would silently match nothing)
  simulator.journal.list({ operation: 'listSecurityToken' })
  simulator.scenarios.use('flaky-backend') // a shipped name, completed by editors
  expect(simulator.scenarios.active).toBe('flaky-backend')
  // A user's own name still compiles; at run time an unknown one is refused with the names it knows.
  expect(() => simulator.scenarios.use('my-own-scenario')).toThrow(/my-own-scenario/)
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

// The plain types users import (generated from the OpenAPI document by `npm run api-types`) and the
// zod schemas the simulator validates and answers with must describe the same values: each pair is
// assignable both ways, or `npm run typecheck` fails here naming what drifted. Bodies are compared
// with the schema's input (what a client may send), records and answers with its output.
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
/** Compiles only when every listed pair agrees; otherwise the error shows the names that do not. */
type Drifted<Pairs extends Record<string, [unknown, unknown]>> = {
  [Name in keyof Pairs]: Agree<Pairs[Name][0], Pairs[Name][1]> extends true ? never : Name
}[keyof Pairs]

type NamedTypes = {
  DebtToken: [DebtToken, z.output<typeof contract.DebtToken>]
  Parcel: [Parcel, z.output<typeof contract.Parcel>]
  SecurityToken: [SecurityToken, z.output<typeof contract.SecurityToken>]
  Series: [Series, z.output<typeof contract.Series>]
  SecurityTokenInput: [SecurityTokenInput, z.input<typeof contract.SecurityTokenInput>]
  SeriesInput: [SeriesInput, z.input<typeof contract.SeriesInput>]
  SecurityTokenCreated: [SecurityTokenCreated, z.output<typeof contract.SecurityTokenCreated>]
  SecurityTokenUpdate: [SecurityTokenUpdate, z.input<typeof contract.SecurityTokenUpdate>]
  SecurityTokenUpdated: [SecurityTokenUpdated, z.output<OperationById<'updateSecurityToken'>['response']>]
  SecurityTokenDeleted: [SecurityTokenDeleted, z.output<OperationById<'deleteSecurityToken'>['response']>]
  ManagerPayment: [ManagerPayment, z.output<typeof contract.ManagerPayment>]
  ManagerPaymentInput: [ManagerPaymentInput, z.input<typeof contract.ManagerPaymentInput>]
  ManagerPaymentUpdated: [ManagerPaymentUpdated, z.output<OperationById<'updateManagerPayment'>['response']>]
  InvestorPayment: [InvestorPayment, z.output<typeof contract.InvestorPayment>]
  InvestorPaymentInput: [InvestorPaymentInput, z.input<typeof contract.InvestorPaymentInput>]
  InvestorPaymentUpdated: [InvestorPaymentUpdated, z.output<OperationById<'updateInvestorPayment'>['response']>]
  PaymentStored: [PaymentStored, z.output<typeof contract.PaymentStored>]
  PaymentUpdate: [PaymentUpdate, z.input<typeof contract.PaymentUpdate>]
  SignatureContract: [SignatureContract, z.output<typeof contract.SignatureContract>]
  SignatureContractInput: [SignatureContractInput, z.input<typeof contract.SignatureContractInput>]
  SignatureContractCreated: [SignatureContractCreated, z.output<typeof contract.SignatureContractCreated>]
  User: [User, z.output<typeof contract.User>]
  ErrorBody: [components['schemas']['Error'], ErrorBody]
  SimClock: [SimClock, z.output<typeof control.SimClock>]
  SimSetClock: [SimSetClock, z.input<typeof control.SetClockBody>]
  SimActivateScenario: [SimActivateScenario, z.input<typeof control.ActivateScenarioBody>]
  SimScenarioView: [SimScenarioView, z.output<typeof control.SimScenarioView>]
  SimHealth: [SimHealth, z.output<typeof control.SimHealth>]
  SimState: [SimState, z.output<typeof control.SimState>]
  SimJournal: [SimJournal, z.output<typeof journal.SimJournal>]
  SimJournalEntry: [SimJournalEntry, z.output<typeof journal.JournalEntry>]
  SimSessions: [SimSessions, z.output<typeof control.SimSessions>]
  SimFactoryRequest: [SimFactoryRequest, z.input<typeof factory.SimFactoryBody>]
  SimFactoryRecords: [SimFactoryRecords, z.output<typeof factory.SimFactoryRecords>]
  SimEvent: [SimEvent, z.output<typeof dashboard.SimEvent>]
  SimScenarioCatalog: [SimScenarioCatalog, z.output<typeof dashboard.SimScenarioCatalog>]
  SimScenarioFile: [SimScenarioFile, z.output<typeof recordReplay.SimScenarioFile>]
  SimStartRecording: [SimStartRecording, z.input<typeof recordReplay.StartRecordingBody>]
  SimRecording: [SimRecording, z.output<typeof recordReplay.SimRecording>]
  SimReplay: [SimReplay, z.input<typeof recordReplay.ReplayBody>]
  SimReplayReport: [SimReplayReport, z.output<typeof recordReplay.SimReplayReport>]
  SimBuildScenarioFile: [SimBuildScenarioFile, z.input<typeof recordReplay.BuildScenarioFileBody>]
  SimTablePage: [SimTablePage, z.output<typeof dashboard.SimTablePage>]
  SimTableRecord: [SimTableRecord, z.output<typeof dashboard.SimTableRecord>]
  CoverageReport: [CoverageReport, z.output<typeof coverage.CoverageReport>]
  SimHar: [SimHar, z.output<typeof har.SimHar>]
  CoverageReadyStep: [CoverageReadyStep, z.output<typeof coverage.ReadyStep>]
}

/** Every route's success answer and JSON body in `paths`, against its declaration, by operation id. */
type Route = Operation | ControlRoute
type RouteById<Id extends Route['id']> = Extract<Route, { id: Id }>
type Generated<Id extends Route['id']> = GeneratedOperations[Id]
type SuccessOf<Id extends Route['id']> =
  Generated<Id>['responses'][200]['content'][keyof Generated<Id>['responses'][200]['content']]
/** A route without a body has `requestBody?: never` in `paths`. */
type BodyOf<Id extends Route['id']> = [NonNullable<Generated<Id>['requestBody']>] extends [never]
  ? undefined
  : NonNullable<Generated<Id>['requestBody']> extends { content: { 'application/json': infer Body } }
    ? Body
    : never
type RouteTypes = {
  [Id in Route['id'] as `${Id} answer`]: [SuccessOf<Id>, z.output<RouteById<Id>['response']>]
} & {
  [Id in Route['id'] as `${Id} body`]: [
    BodyOf<Id>,
    RouteById<Id> extends { body: infer Body extends z.ZodMiniType } ? z.input<Body> : undefined,
  ]
}

it('types every record, body and answer as the zod schemas do (checked by the type check)', () => {
  const namedTypesAgree: [Drifted<NamedTypes>] extends [never] ? true : Drifted<NamedTypes> = true
  const routesAgree: [Drifted<RouteTypes>] extends [never] ? true : Drifted<RouteTypes> = true
  expect([namedTypesAgree, routesAgree]).toEqual([true, true])
})

it("exports the document's types under openapi-typescript's names, the operation table as operationTable", () => {
  // As a type, `operations` is the generated interface, indexed by operation id as a client does
  // (with the table under that name, this line failed: TS2749, a value used as a type).
  const user: RootOperations['getUser']['responses'][200]['content']['application/json'] = {} as User
  const failure: RootOperations['listSecurityTokens']['responses']['default']['content']['application/json'] = {
    statusCode: '503',
    error: 'Service Unavailable',
    message: 'down',
  }
  // @ts-expect-error: no such operation id
  const missing: RootOperations['getUsers'] = undefined
  expect([user, failure.statusCode, missing]).toEqual([{}, '503', undefined])
  expect(operationTable.map((operation) => operation.id)).toContain('getUser')
})

/**
 * debt-token-simulator: a stateful, validated simulator of the Debt Token and Security Token Service.
 * This entry imports no runtime module; pick `./node`, `./browser` or `./standalone` for where it runs.
 */

import type { operations as GeneratedOperations } from './contract/api-types.ts'
import { operations as contractOperations } from './contract/operations.ts'

// The document's types under openapi-typescript's own names (`paths`, `components`, `operations`).
export type { components, paths } from './contract/api-types.ts'
export type { DebtTokenState } from './contract/control-factory-schemas.ts'
export { ErrorBody } from './contract/error-body.ts'
export * as contract from './contract/index.ts'
export { buildOpenApiDocument } from './contract/openapi.ts'
export {
  findOperation,
  type Operation,
  type OperationId,
  operations as operationTable,
} from './contract/operations.ts'
/** Each operation of the document by operation id: its parameters, request body and responses (openapi-typescript's `operations`). */
export type operations = GeneratedOperations
/**
 * @deprecated The operation table is `operationTable`; as a type, `operations` is the document's
 * (openapi-typescript's interface), which this value does not change.
 */
export const operations: typeof contractOperations = contractOperations
// Plain types of every record and body (DebtToken, SecurityToken, ManagerPayment, …, SimClock, …).
export type * from './contract/plain-types.ts'
export { DebtTokenStatus } from './domain/debt-token-status.ts'
export type { CreatedRecords, FactoryRequest } from './factories/create-records.ts'
export type {
  Factories,
  Factory,
  FactoryOptions,
  FactoryOverrides,
  ManyFactories,
  ManyFactory,
} from './factories/factories.ts'
export { FactoryError } from './factories/factory-error.ts'
// The type a derived field takes in overrides: its compile error says what to give instead.
export type { DerivedField } from './factories/overrides.ts'
export { ApiError } from './http/api-error.ts'
export type { SimRequest, SimResponse } from './http/sim-request.ts'
export { type Clock, type ClockState, createClock, DEFAULT_NOW } from './model/clock.ts'
export { generateWorld } from './model/generate-world.ts'
export { DEFAULT_SEED } from './model/random.ts'
export { FixtureError, parseWorld, snapshotWorld, type World, type WorldSnapshot } from './model/world.ts'
export type { JournalEntry, JournalFilter } from './observability/journal.ts'
// Persistence, storage-agnostic: what a store of the default world's changes implements.
export { StoredChangeError } from './persistence/apply-changes.ts'
export type {
  Change,
  ChangeSink,
  Persistence,
  PersistenceSetup,
  StoredEntry,
  WorldIdentity,
} from './persistence/change.ts'
export { describeIdentity, sameIdentity } from './persistence/world-identity.ts'
export {
  createSimulator,
  handlersOf,
  type JournalHarOptions,
  type Simulator,
  type SimulatorJournalWithHar,
} from './runtimes/msw/simulator.ts'
export type { ScenarioRule } from './scenarios/rule-schema.ts'
export { parseScenario, Scenario, ScenarioError, type ScenarioInput } from './scenarios/scenario-schema.ts'
// For an app's server: forwards a Playwright test's sim-session cookie as X-Sim-Session (docs/server-rendered.md).
export {
  SESSION_COOKIE,
  SESSION_HEADER,
  type SessionCookieSource,
  simulatorSessionHeaders,
} from './sessions/session-header.ts'
export {
  createSimulatorCore,
  type ScenarioStatus,
  type SimulatorCore,
  type SimulatorHost,
  type SimulatorJournal,
  type SimulatorOptions,
  type SimulatorScenarios,
  type SimulatorSessions,
  type StateOptions,
  type StateView,
  type TenantControls,
  type TenantScenarios,
} from './simulator-core.ts'

/**
 * debt-token-simulator: a stateful, validated simulator of the Debt Token and Security Token
 * Service. This entry imports no runtime module; pick `./node`, `./browser` or the standalone
 * server for where it runs.
 */
export { createSimulator, handlersOf, type Simulator } from './runtimes/msw/simulator.ts'
export {
  createSimulatorCore,
  type SimulatorCore,
  type SimulatorOptions,
  type TenantControls,
  type StateView,
  type StateOptions,
  type ScenarioStatus,
} from './simulator-core.ts'
export { Scenario, parseScenario, ScenarioError, type ScenarioInput, type ScenarioRule } from './scenarios/scenario-schema.ts'
export type { JournalEntry, JournalFilter } from './observability/journal.ts'
export { buildOpenApiDocument } from './contract/openapi.ts'
export { operations, findOperation, type Operation, type OperationId } from './contract/operations.ts'
export { ErrorBody } from './contract/error-body.ts'
export { ApiError } from './http/api-error.ts'
export type { SimRequest, SimResponse } from './http/sim-request.ts'
export { createClock, DEFAULT_NOW, type Clock } from './model/clock.ts'
export { DEFAULT_SEED } from './model/random.ts'
export { generateWorld } from './model/generate-world.ts'
export { parseWorld, snapshotWorld, FixtureError, type World, type WorldSnapshot } from './model/world.ts'
export { DebtTokenStatus } from './domain/debt-token-status.ts'
export * as contract from './contract/index.ts'

/** The in-process controls of one tenant (the default world, or a session's), and its state view. */

import type { CreatedRecords, FactoryRequest } from '../factories/create-records.ts'
import { createFactories, createManyFactories, type Factories, type ManyFactories } from '../factories/factories.ts'
import { createRecords } from '../factories/factory-loader.ts'
import type { Clock } from '../model/clock.ts'
import type { Model } from '../model/model.ts'
import type { TableName } from '../model/records.ts'
import { tableNames } from '../model/world.ts'
import type { ScenarioRuleInput } from '../scenarios/rule-schema.ts'
import type { Scenario, ScenarioInput } from '../scenarios/scenario-schema.ts'
import type { RuleCounters } from '../scenarios/scenario-state.ts'
import type { ShippedScenarioName } from '../scenarios/shipped-scenarios.ts'
import type { Tenant } from './tenant.ts'

/** One tenant's scenario: activate one, add a rule to it, read what is active. */
export interface TenantScenarios {
  /**
   * Activates a scenario for every request: a name (an unknown one throws, listing the available
   * names) or a scenario object (validated; known as `name`, default "inline"); null deactivates.
   */
  // `string & {}` keeps any name legal (a user's own scenarios) while editors still complete the shipped ones.
  use(nameOrScenario: ShippedScenarioName | (string & {}) | ScenarioInput | null, name?: string): void
  /**
   * Adds a rule after the active scenario's rules, validated as a file's, keeping their counters and the
   * data; with none active, activates "added-rules" of this one rule.
   * `addRule({ operation: 'createManagerPayment', fromCall: 2, respond: { status: 503, message: 'down' } })`
   */
  addRule(rule: ScenarioRuleInput): void
  /** The active scenario's name, or null. */
  readonly active: string | null
  /** The active scenario with its rule counters, or null. */
  status(): ScenarioStatus | null
  /** The active scenario as it stands (with rules added since), or null: what a file needs to answer as this tenant. */
  activeDefinition(): Scenario | null
}

/** The controls of one isolated copy of the service: the default one, or a session's. */
export interface TenantControls {
  /** The live model (replaced by `reset()` and by a scenario with a world). */
  readonly model: Model
  /** Its scenario: `scenarios.use('slow-backend')`, `scenarios.addRule(rule)`, `scenarios.status()`. */
  readonly scenarios: TenantScenarios
  /**
   * Factories of coherent records, drawn from this world's seeded random source and stored as its
   * writes: `await create.debtTokens({ debtorAddress }, { state: 'overdue' })` (docs/factories.md).
   */
  readonly create: Factories
  /**
   * `count` records (1 to 1000) of a table at once, sharing the links they create:
   * `await createMany.users(3, { role: ['manager'] })`; the same function as `create.<table>.many`.
   */
  readonly createMany: ManyFactories
  /** What `POST /__sim/factories/{table}` runs: `count` records of `table`, with what they link to (`linked`). */
  createRecords<N extends TableName>(request: FactoryRequest & { table: N }): Promise<CreatedRecords<N>>
  /** Back to the seeded world and sequence, without a scenario. */
  reset(): void
}

/** The model's state as the control API shows it. */
export interface StateView {
  readonly session: string | null
  readonly clock: { readonly now: string; readonly mode: 'fixed' | 'system' }
  readonly scenario: string | null
  readonly counts: Readonly<Record<TableName, number>>
  /** Stored records per table (the first `limit` of each). */
  readonly tables: Partial<Record<TableName, unknown[]>>
}

export interface StateOptions {
  session?: string | null | undefined
  table?: TableName | undefined
  /** Records per table (default 200); GET /__sim/state takes at most MAX_STATE_RECORDS in all. */
  limit?: number | undefined
  /** The position of the first record of each table (default 0). */
  offset?: number | undefined
}

/** The active scenario as the control API shows it: its rules with their counters. */
export interface ScenarioStatus {
  readonly name: string
  readonly description: string
  readonly rules: readonly (RuleCounters & { readonly operation: string })[]
}

export function tenantControls(tenant: Tenant, clock: Clock): TenantControls {
  const run = <N extends TableName>(request: FactoryRequest & { table: N }) =>
    createRecords(
      () => tenant.state,
      () => clock.now(),
      request,
    )
  const create = createFactories(run)
  return {
    get model() {
      return tenant.state.model
    },
    scenarios: {
      use(nameOrScenario, name) {
        if (nameOrScenario === null) tenant.scenarios.deactivate()
        else tenant.scenarios.activate(nameOrScenario, name)
      },
      addRule(rule) {
        tenant.scenarios.addRule(rule)
      },
      get active() {
        return tenant.scenarios.active?.name ?? null
      },
      status() {
        const active = tenant.scenarios.active
        if (active === null) return null
        const counters = active.counters()
        return {
          name: active.name,
          description: active.scenario.description,
          rules: active.scenario.rules.map((rule, i) => ({ operation: rule.operation, ...counters[i]! })),
        }
      },
      activeDefinition: () => tenant.scenarios.active?.scenario ?? null,
    },
    create,
    createMany: createManyFactories(create),
    createRecords: run,
    reset: () => tenant.reset(),
  }
}

/** A tenant's counts and a page of each table asked for, building only those (`GET /__sim/state` bounds `limit`). */
export function stateView(tenant: Tenant, clock: Clock, options: StateOptions): StateView {
  const limit = options.limit ?? 200
  const offset = options.offset ?? 0
  const names = options.table === undefined ? tableNames : [options.table]
  const model = tenant.state.model
  return {
    session: tenant.session,
    clock: { now: clock.now().toISOString(), mode: clock.mode },
    scenario: tenant.scenarios.active?.name ?? null,
    counts: Object.fromEntries(tableNames.map((name) => [name, model[name].count()])) as Record<TableName, number>,
    tables: Object.fromEntries(names.map((name) => [name, model[name].slice(offset, limit) as unknown[]])),
  }
}

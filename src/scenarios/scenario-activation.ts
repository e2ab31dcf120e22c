/**
 * Which scenario applies to a request: the active one, or the one `X-Sim-Scenario` names for that
 * request alone, with its own counters and world until `reset()` (docs/scenarios.md).
 */

import { ApiError } from '../http/api-error.ts'
import type { SimRequest } from '../http/sim-request.ts'
import type { WorldState } from '../model/world-state.ts'
import {
  MAX_SCENARIO_NAME_LENGTH,
  quoteBounded,
  SCENARIO_NAME,
  SCENARIO_NAME_RULE,
  type ScenarioCatalog,
  UnknownScenarioError,
} from './scenario-catalog.ts'
import { parseScenario, type Scenario, ScenarioError, type ScenarioWorld } from './scenario-schema.ts'
import { createScenarioState, type ScenarioState } from './scenario-state.ts'

export const SCENARIO_HEADER = 'x-sim-scenario'

const INLINE_SCENARIO_NAME = 'inline'

/** The scenario a rule added with none active starts: named and described so the journal says where it came from. */
const ADDED_RULES_SCENARIO = {
  name: 'added-rules',
  description: 'Rules added one by one (the dashboard, POST /__sim/scenario/rules or scenarios.addRule).',
}

/**
 * The most rules a scenario may hold for one more to be added at runtime: every request tries every
 * rule, so a client adding rules in a loop would slow requests without end. A file may hold more.
 */
export const MAX_RULES_FOR_ADDING = 1000

/** Validates an inline scenario and the name it will be known by, as a file is validated. */
export function parseNamedScenario(raw: unknown, name: string = INLINE_SCENARIO_NAME): Scenario {
  // The name is echoed in the X-Sim-Scenario header of every answer it changes.
  if (!SCENARIO_NAME.test(name) || name.length > MAX_SCENARIO_NAME_LENGTH) {
    throw new ScenarioError('scenario', [{ path: 'name', message: `${SCENARIO_NAME_RULE}, got ${quoteBounded(name)}` }])
  }
  return parseScenario(raw, `scenario "${name}"`)
}

export interface ScenarioActivationOptions {
  readonly catalog: ScenarioCatalog
  readonly seed: number
  /** A fresh model and random source of a scenario's world (undefined: the simulator's own). */
  freshState(world: ScenarioWorld | undefined): WorldState
  /** Replaces the simulator's model (and random source) for every request without its own. */
  replaceState(state: WorldState): void
  /** Builds a scenario world ahead, in slices, for the `freshState` that follows (ScenarioWorlds.prepare). */
  prepareWorld?(world: ScenarioWorld): Promise<void>
}

/** What applies to one request: the scenario, and the state it runs against when not the default. */
export interface AppliedScenario {
  readonly scenario: ScenarioState
  readonly state: WorldState | undefined
}

/** What a reloaded catalog did to a tenant's active scenario. */
export interface ScenarioRefresh {
  readonly name: string
  /** `restarted`: its definition changed, it is active again with fresh counters; `deactivated`: it is gone. */
  readonly outcome: 'restarted' | 'deactivated'
}

export interface ScenarioActivation {
  readonly active: ScenarioState | null
  /** Activates a scenario by name (throws UnknownScenarioError) or an inline one (validated). */
  activate(nameOrScenario: string | unknown, name?: string): ScenarioState
  /**
   * Adds a rule after the active scenario's rules, keeping their counters and the data (as WireMock
   * keeps the other stubs). With none active, activates "added-rules" of this one rule.
   */
  addRule(rule: unknown): ScenarioState
  /** Back to normal behaviour; a world the active scenario brought is left for the default one. */
  deactivate(): void
  /** The scenario for a request; an unknown name in its header is a 400 listing the names. */
  forRequest(request: SimRequest): AppliedScenario | null
  /** Builds ahead, in slices, the `world.create` world of the scenario X-Sim-Scenario names, if not built yet. */
  prepareForRequest(request: SimRequest): Promise<void> | undefined
  /** Forgets the active scenario and every header scenario's counters and worlds. */
  reset(): void
  /**
   * After the catalog was replaced: a changed scenario active by name restarts, a removed one is
   * deactivated, changed header scenarios start over on their next request; inline ones are left alone.
   */
  refresh(): ScenarioRefresh | null
}

/** Whether a catalog's scenario is still the one in use (a reloaded file parses to a new object). */
function sameScenario(next: Scenario | undefined, current: Scenario): boolean {
  return next !== undefined && (next === current || JSON.stringify(next) === JSON.stringify(current))
}

export function createScenarioActivation(options: ScenarioActivationOptions): ScenarioActivation {
  let active: ScenarioState | null = null
  /** Whether the active scenario came from the catalog by name (and so follows its reloads). */
  let activeByName = false
  let stateFromScenarioWorld = false
  const byHeader = new Map<string, AppliedScenario>()

  function setActive(next: ScenarioState | null): void {
    const world = next?.scenario.world
    // Built before anything changes, so a world that cannot be built leaves the scenario and data as they were.
    const state = world !== undefined || stateFromScenarioWorld ? options.freshState(world) : undefined
    active = next
    if (state !== undefined) {
      options.replaceState(state)
      stateFromScenarioWorld = world !== undefined
    }
  }

  function headerScenario(name: string): AppliedScenario {
    let applied = byHeader.get(name)
    if (applied === undefined) {
      // Header bytes past ASCII arrive as Latin-1 characters: echoing them back would show mojibake.
      if (/[^\x20-\x7e]/.test(name))
        throw ApiError.badRequest(
          'the X-Sim-Scenario header holds characters other than printable ASCII: scenario names are ASCII (GET /__sim/scenario lists them)',
        )
      const scenario = options.catalog.get(name)
      if (scenario === undefined) {
        const known = new UnknownScenarioError(name, options.catalog.names)
        throw ApiError.badRequest(`${known.message} (from the X-Sim-Scenario header)`)
      }
      applied = {
        scenario: createScenarioState(name, scenario, options.seed),
        state: scenario.world === undefined ? undefined : options.freshState(scenario.world),
      }
      byHeader.set(name, applied)
    }
    return applied
  }

  return {
    get active() {
      return active
    },
    activate(nameOrScenario, name) {
      let scenarioName: string
      let scenario: Scenario
      if (typeof nameOrScenario === 'string') {
        scenarioName = nameOrScenario
        scenario = options.catalog.require(nameOrScenario)
      } else {
        scenarioName = name ?? INLINE_SCENARIO_NAME
        scenario = parseNamedScenario(nameOrScenario, scenarioName)
      }
      const state = createScenarioState(scenarioName, scenario, options.seed)
      setActive(state)
      activeByName = typeof nameOrScenario === 'string'
      return state
    },
    addRule(rule) {
      if (active === null) {
        const { name, description } = ADDED_RULES_SCENARIO
        return this.activate({ description, rules: [rule] }, name)
      }
      // Validated again with the new one, so its messages say `rules[n]` as a file's would (parsing is idempotent).
      const { description, rules } = active.scenario
      if (rules.length >= MAX_RULES_FOR_ADDING)
        throw new ScenarioError(`scenario "${active.name}"`, [
          {
            path: 'rules',
            message: `holds ${rules.length} rules, the most one is added to (${MAX_RULES_FOR_ADDING}): write a scenario file instead`,
          },
        ])
      const checked = parseScenario({ description, rules: [...rules, rule] }, `scenario "${active.name}"`)
      const scenario = { ...active.scenario, rules: checked.rules }
      // Not setActive: the scenario's world is the one already in use, its data stays.
      active = createScenarioState(active.name, scenario, options.seed, active.counters())
      // No longer the catalog's definition: a reload of its file leaves the added rule alone.
      activeByName = false
      return active
    },
    deactivate() {
      setActive(null)
    },
    refresh() {
      for (const [name, applied] of byHeader)
        if (!sameScenario(options.catalog.get(name), applied.scenario.scenario)) byHeader.delete(name)
      if (active === null || !activeByName) return null
      const name = active.name
      const next = options.catalog.get(name)
      if (next === undefined) {
        setActive(null)
        return { name, outcome: 'deactivated' }
      }
      if (sameScenario(next, active.scenario)) return null
      setActive(createScenarioState(name, next, options.seed))
      return { name, outcome: 'restarted' }
    },
    prepareForRequest(request) {
      const header = request.header(SCENARIO_HEADER)?.trim()
      if (header === undefined || header === '' || byHeader.has(header) || header === active?.name) return undefined
      const world = options.catalog.get(header)?.world
      if (world?.create === undefined || options.prepareWorld === undefined) return undefined
      return options.prepareWorld(world)
    },
    forRequest(request) {
      const header = request.header(SCENARIO_HEADER)?.trim()
      if (header === undefined || header === '') return active === null ? null : { scenario: active, state: undefined }
      if (active !== null && header === active.name) return { scenario: active, state: undefined }
      return headerScenario(header)
    },
    reset() {
      active = null
      stateFromScenarioWorld = false
      byHeader.clear()
    },
  }
}

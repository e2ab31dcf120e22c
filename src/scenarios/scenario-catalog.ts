/**
 * The scenarios a simulator knows by name: the shipped ones plus any it was given. An unknown name
 * fails listing the available ones, wherever it came from.
 */

// What a name may be is the contract's: the control API's bodies state it in the OpenAPI document.
import { SCENARIO_NAME } from '../contract/scenario-names.ts'
import { parseScenario, type Scenario } from './scenario-schema.ts'

export { MAX_SCENARIO_NAME_LENGTH, SCENARIO_NAME, SCENARIO_NAME_RULE } from '../contract/scenario-names.ts'

/** A value quoted for a message, cut to a readable length: a message never echoes a whole long input. */
export function quoteBounded(value: string, max = 40): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value)
}

export class UnknownScenarioError extends Error {
  constructor(
    readonly scenarioName: string,
    readonly available: readonly string[],
  ) {
    super(
      `unknown scenario ${quoteBounded(scenarioName)}; available: ${available.length === 0 ? '(none)' : available.join(', ')}`,
    )
    this.name = 'UnknownScenarioError'
  }
}

export interface ScenarioCatalog {
  readonly names: readonly string[]
  get(name: string): Scenario | undefined
  /** The scenario called `name`; throws UnknownScenarioError listing the available names. */
  require(name: string): Scenario
  /** Replaces every entry (`serve --watch` after an edit); who uses a scenario looks it up again. */
  replace(scenarios: Readonly<Record<string, CatalogEntry>>): void
}

/** Validates scenarios given by name; errors name `scenario "<name>"` unless `sourceOf` names a file. */
export function parseNamedScenarios(
  raw: Readonly<Record<string, unknown>>,
  sourceOf: (name: string) => string = (name) => `scenario "${name}"`,
): Record<string, Scenario> {
  const parsed: Record<string, Scenario> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (!SCENARIO_NAME.test(name))
      throw new Error(
        `scenario name "${name}" must start with a letter or digit and hold only letters, digits, ".", "_" and "-"`,
      )
    parsed[name] = parseScenario(value, sourceOf(name))
  }
  return parsed
}

/** A scenario, or how to get it: shipped ones are validated on first use, not at start-up. */
export type CatalogEntry = Scenario | (() => Scenario)

export function createScenarioCatalog(scenarios: Readonly<Record<string, CatalogEntry>>): ScenarioCatalog {
  let entries = new Map<string, CatalogEntry>(Object.entries(scenarios))
  let names = [...entries.keys()].sort()
  const get = (name: string): Scenario | undefined => {
    const entry = entries.get(name)
    if (typeof entry !== 'function') return entry
    const scenario = entry()
    entries.set(name, scenario)
    return scenario
  }
  return {
    get names() {
      return names
    },
    get,
    require(name) {
      const scenario = get(name)
      if (scenario === undefined) throw new UnknownScenarioError(name, names)
      return scenario
    },
    replace(next) {
      entries = new Map(Object.entries(next))
      names = [...entries.keys()].sort()
    },
  }
}

/** The control handlers that read scenarios: the catalog, with rules in words, and one scenario's file. */
import { ApiError } from '../http/api-error.ts'
import type { ScenarioRule } from '../scenarios/rule-schema.ts'
import type { Scenario } from '../scenarios/scenario-schema.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import type { ControlHandlerTable } from './control-handler.ts'

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`

/** What a rule does and when, in words: "503 on every 3rd call, at most 2 times". */
function ruleOutcome(rule: ScenarioRule): string {
  const what = rule.networkError
    ? 'network error'
    : rule.respond !== undefined
      ? `${rule.respond.status} ${rule.respond.message}`
      : 'normal answer'
  const delay = rule.delayMs
  const parts = [
    delay === undefined ? what : `${what} after ${typeof delay === 'number' ? delay : `${delay.min}-${delay.max}`} ms`,
  ]
  if (rule.match !== undefined) parts.push('on matching calls')
  if (rule.every !== undefined) parts.push(`on every ${ordinal(rule.every)} call`)
  if (rule.fromCall !== undefined) parts.push(`from the ${ordinal(rule.fromCall)} call on`)
  if (rule.times !== undefined) parts.push(`at most ${rule.times} time${rule.times === 1 ? '' : 's'}`)
  return parts.join(', ')
}

function worldOf(scenario: Scenario): string | null {
  const world = scenario.world
  if (world === undefined) return null
  return world.fixtures ?? `size ${world.size}`
}

/** A scenario in words: its description, world, rules and how many steps it has. */
export function scenarioSummary(name: string, scenario: Scenario) {
  return {
    name,
    description: scenario.description,
    world: worldOf(scenario),
    rules: scenario.rules.map((rule) => ({
      operation: rule.operation,
      description: rule.description ?? null,
      outcome: ruleOutcome(rule),
    })),
    steps: scenario.steps?.length ?? 0,
  }
}

function known(simulator: SimulatorCore, name: string): Scenario {
  const scenario = simulator.scenarios.definition(name)
  if (scenario === undefined)
    throw ApiError.notFound(
      `no scenario ${JSON.stringify(name.slice(0, 64))}; scenarios: ${simulator.scenarios.names.join(', ')}`,
    )
  return scenario
}

export const scenarioFileHandlers: ControlHandlerTable<'listScenarioCatalog' | 'getScenarioFile'> = {
  listScenarioCatalog: (_input, { simulator }) => ({
    scenarios: simulator.scenarios.names.map((name) => scenarioSummary(name, known(simulator, name))),
  }),
  getScenarioFile: ({ params }, { simulator }) => ({
    $schema: './scenario.schema.json',
    ...known(simulator, params.name),
  }),
}

/**
 * The control handlers that read scenarios and make scenario files: the catalog with descriptions
 * and rules in words, one scenario's file, a file built from journal entries ("add to a scenario"
 * in the dashboard: scenario-file-builder.ts), and the in-memory recording (start, stop, status, its file).
 */
import { ApiError } from '../http/api-error.ts'
import type { ScenarioRule } from '../scenarios/rule-schema.ts'
import type { Scenario } from '../scenarios/scenario-schema.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import type { ControlContext, ControlHandlerTable } from './control-handler.ts'
import type { LiveRecording } from './live-recording.ts'
import { buildScenarioFile } from './scenario-file-builder.ts'

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
  const scenario = simulator.scenarioDefinition(name)
  if (scenario === undefined)
    throw ApiError.notFound(
      `no scenario ${JSON.stringify(name.slice(0, 64))}; scenarios: ${simulator.scenarios.join(', ')}`,
    )
  return scenario
}

function live({ liveRecording }: ControlContext): LiveRecording {
  if (liveRecording === undefined)
    throw new ApiError(409, 'recording from the control API needs the standalone server (debt-token-simulator serve)')
  return liveRecording
}

export const scenarioFileHandlers: ControlHandlerTable<
  | 'listScenarioCatalog'
  | 'getScenarioFile'
  | 'buildScenarioFile'
  | 'getRecording'
  | 'startRecording'
  | 'stopRecording'
  | 'getRecordedScenario'
> = {
  listScenarioCatalog: (_input, { simulator }) => ({
    scenarios: simulator.scenarios.map((name) => scenarioSummary(name, known(simulator, name))),
  }),
  getScenarioFile: ({ params }, { simulator }) => ({
    $schema: './scenario.schema.json',
    ...known(simulator, params.name),
  }),
  buildScenarioFile: ({ body }, { simulator }) => buildScenarioFile(body, simulator),
  getRecording: (_input, context) => live(context).status(),
  startRecording: ({ body }, context) => live(context).start(body?.description),
  stopRecording: (_input, context) => live(context).stop(),
  getRecordedScenario: (_input, context) => {
    const scenario = live(context).scenario()
    if (scenario === undefined)
      throw new ApiError(409, 'nothing recorded: start a recording first (PUT /__sim/recording)')
    return scenario as Record<string, unknown>
  },
}

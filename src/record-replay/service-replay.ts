/**
 * Which scenario files can be replayed against the real service, which knows nothing of scenarios:
 * a file with rules, a world, `/__sim` calls or `X-Sim-*` headers needs the simulator, and
 * `replay --url` against the service skips it with the reasons this gives.
 */
import type { Scenario } from '../scenarios/scenario-schema.ts'
import type { ScenarioStep } from '../scenarios/step-schema.ts'

const SIMULATOR_HEADER_PREFIX = 'x-sim-'
const CONTROL_PATH = /^\/__sim(?:[/?#]|$)/

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** `step 3` or `steps 2, 5`. */
const stepsText = (numbers: readonly number[]) => `${numbers.length === 1 ? 'step' : 'steps'} ${numbers.join(', ')}`

function simulatorHeaders(headers: Readonly<Record<string, unknown>> | undefined): string[] {
  return Object.keys(headers ?? {}).filter((name) => name.toLowerCase().startsWith(SIMULATOR_HEADER_PREFIX))
}

/** Steps (1-based) that match `test`, as a reason, or nothing. */
function stepReason(
  steps: readonly ScenarioStep[],
  test: (step: ScenarioStep) => readonly string[] | boolean,
  what: (found: readonly string[]) => string,
): string[] {
  const numbers: number[] = []
  const found = new Set<string>()
  for (const [i, step] of steps.entries()) {
    const result = test(step)
    if (result === false || (Array.isArray(result) && result.length === 0)) continue
    numbers.push(i + 1)
    if (Array.isArray(result)) for (const name of result) found.add(name)
  }
  return numbers.length === 0 ? [] : [`${what([...found])} in ${stepsText(numbers)}`]
}

/** Why the file needs the simulator (empty: it can run against the real service). */
export function simulatorOnlyReasons(scenario: Scenario): string[] {
  const steps = scenario.steps ?? []
  return [
    ...(scenario.rules.length > 0
      ? [`${plural(scenario.rules.length, 'rule')}, which only the simulator applies`]
      : []),
    ...(scenario.world !== undefined ? [`a world of its own (${JSON.stringify(scenario.world)})`] : []),
    ...stepReason(
      steps,
      (step) => CONTROL_PATH.test(step.request.path),
      () => 'control API requests (/__sim)',
    ),
    ...stepReason(
      steps,
      (step) => simulatorHeaders(step.request.headers),
      (names) => `simulator request headers (${names.join(', ')})`,
    ),
    ...stepReason(
      steps,
      (step) => simulatorHeaders(step.expect.headers),
      (names) => `expected simulator response headers (${names.join(', ')})`,
    ),
  ]
}

/** `parameters.simulator`: typed, and checked again when the story loads, so a mistake names the option. */
import type { Simulator } from '../msw/create-simulator.ts'

/** A scenario as `simulator.scenarios.use` takes it: a shipped or registered name, or a scenario object. */
export type StoryScenario = Exclude<Parameters<Simulator['scenarios']['use']>[0], null>

export interface SimulatorParameters<Made = unknown> {
  /** Seed of every generated value (default: the simulator's). Same seed, same world, same answers. */
  seed?: number
  /** The instant the story's fixed clock starts at (default 2026-03-02T12:00:00Z), or `'system'`. */
  now?: string | Date | 'system'
  /** A generated world of this many debt tokens instead of the bundled fixtures. */
  size?: number
  /** A scenario active while the story renders: refusals, delays, network errors (docs/scenarios.md). */
  scenario?: StoryScenario
  /**
   * Makes the story's records, after the world, scenario and clock are set: its result is
   * `loaded.world`, and, when it is a plain object, fills the args the story leaves unset
   * (`withSimulatorArgs`). `(s) => s.create.debtTokens({}, { state: 'overdue' })`.
   */
  world?: (simulator: Simulator) => Made | Promise<Made>
  /** Scenarios by name, besides the shipped ones, for `scenario` to name (raw JSON or parsed). */
  scenarios?: Readonly<Record<string, unknown>>
  /** `true`: this story gets no simulator world (the simulator still answers, from the last world). */
  disable?: boolean
  /**
   * Stories rendered in Node (portable stories in Vitest or Jest): leave the process's API coverage in
   * `dir` when it exits, for `npx debt-token-simulator coverage report <dir>` (set it in the project's
   * annotations; `DEBT_TOKEN_SIMULATOR_COVERAGE_DIR` does the same). Ignored in a browser (docs/coverage.md).
   */
  coverage?: { dir: string }
}

const KNOWN: ReadonlySet<string> = new Set([
  'seed',
  'now',
  'size',
  'scenario',
  'world',
  'scenarios',
  'disable',
  'coverage',
] satisfies (keyof SimulatorParameters)[])

/**
 * The story's `parameters.simulator`, checked: undefined when the story asks for nothing; throws,
 * naming the story and the option, when an option is unknown or of the wrong kind.
 */
export function readSimulatorParameters(value: unknown, storyId: string): SimulatorParameters | undefined {
  if (value === undefined || value === null) return undefined
  const fail = (why: string): never => {
    throw new TypeError(`debt-token-simulator/storybook: story "${storyId}": parameters.simulator${why}`)
  }
  if (typeof value !== 'object' || Array.isArray(value)) fail(` must be an object, got ${JSON.stringify(value)}`)
  const parameters = value as Record<string, unknown>
  for (const key of Object.keys(parameters)) {
    if (!KNOWN.has(key)) fail(`.${key} is not an option (options: ${[...KNOWN].join(', ')})`)
  }
  const { seed, size, world, disable, coverage } = parameters
  if (seed !== undefined && !Number.isSafeInteger(seed)) fail(`.seed must be a whole number, got ${String(seed)}`)
  if (size !== undefined && !(Number.isSafeInteger(size) && (size as number) >= 0))
    fail(`.size must be a whole number ≥ 0, got ${String(size)}`)
  if (world !== undefined && typeof world !== 'function') fail('.world must be a function of the simulator')
  if (disable !== undefined && typeof disable !== 'boolean') fail('.disable must be true or false')
  if (coverage !== undefined && typeof (coverage as { dir?: unknown } | null)?.dir !== 'string')
    fail(`.coverage must be { dir: string }, got ${JSON.stringify(coverage)}`)
  return parameters as SimulatorParameters
}

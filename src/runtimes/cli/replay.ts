/**
 * `debt-token-simulator replay`: in-process (a fresh simulator per file), against a simulator server (a
 * session per file, replay-server.ts) or against the real service (service-replay.ts); see REPLAY_HELP.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { CoverageReport } from '../../contract/coverage-report.ts'
import { loadFactories } from '../../factories/factory-loader.ts'
import { isSchemaFile, loadScenarioFile, scenarioFilesIn, scenarioNameOf } from '../../scenarios/load-scenarios.ts'
import type { Scenario } from '../../scenarios/scenario-schema.ts'
import { createSimulatorCore as createSimulator, type SimulatorCore as Simulator } from '../../simulator-core.ts'
import { serveControlRoutes } from '../../wings/control.ts'
import {
  type CoverageRecorder,
  countResults,
  coverageOf,
  coverageSummary,
  fetchSend,
  formatResults,
  mergeCoverage,
  type ReplayOptions,
  type ReplaySuite,
  recordCoverage,
  replayAgainstServer,
  replaySessionId,
  replaySteps,
  type Send,
  type StepResult,
  simulatorOnlyReasons,
  simulatorSend,
  toJUnitXml,
  writeCoverageFileSync,
} from '../../wings/replay.ts'
import { parseReplayArgs, REPLAY_HELP, type ReplayArgs } from './replay-args.ts'
import { probeServer, type ServerKind } from './replay-service.ts'

/** Sends replayed requests straight to a simulator: `/__sim` to the control routes, the rest to its pipeline. */
export function inProcessSend(simulator: Simulator): Send {
  const controlApi = serveControlRoutes()
  return simulatorSend((request, control) =>
    control ? controlApi({ simulator, request }) : simulator.host.handle(request),
  )
}

/** Replays a scenario against a fresh in-process simulator that has it active. */
export async function replayInProcess(
  scenario: Scenario,
  name: string,
  options: ReplayOptions = {},
  /** Told of the simulator before the replay starts (the coverage of `replay --coverage` is recorded so). */
  onSimulator?: (simulator: Simulator) => void,
): Promise<StepResult[]> {
  await loadFactories() // the scenario may start from a generated world, or create records
  const simulator = createSimulator({
    ...(scenario.simulator?.seed !== undefined && { seed: scenario.simulator.seed }),
    ...(scenario.simulator?.now !== undefined && { now: scenario.simulator.now }),
  })
  simulator.scenarios.use(scenario, name)
  onSimulator?.(simulator)
  return replaySteps(scenario.steps ?? [], inProcessSend(simulator), options)
}

export interface ReplayOutput {
  out(text: string): void
  err(text: string): void
}

/** Expands directories and skips JSON Schemas; returns the scenario files in order. */
function scenarioFiles(paths: readonly string[], output: ReplayOutput): string[] {
  const files: string[] = []
  for (const path of paths) {
    let isDirectory = false
    try {
      isDirectory = statSync(path).isDirectory()
    } catch {
      // a missing file is reported when it is loaded, with its name
    }
    if (isDirectory) {
      files.push(...scenarioFilesIn(path))
    } else if (isSchemaFile(path)) {
      output.out(`skipping ${path}: a JSON Schema, not a scenario`)
    } else {
      files.push(path)
    }
  }
  return files
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

type Target = { readonly kind: 'in-process' } | ({ readonly url: string } & ServerKind)

async function targetOf(args: ReplayArgs, output: ReplayOutput): Promise<Target> {
  if (args.url === undefined) return { kind: 'in-process' }
  const url = args.url.replace(/\/$/, '')
  const kind: ServerKind = args.control ? await probeServer(url) : { kind: 'service', why: '--no-control' }
  if (kind.kind === 'service') {
    output.out(
      `${url} is taken for the real service (${kind.why}): files that need the simulator are skipped, the others run as written`,
    )
  }
  return { url, ...kind }
}

/** Replays one file where the target says; a file the real service cannot run is skipped. */
async function replayFile(
  target: Target,
  args: ReplayArgs,
  scenario: Scenario,
  name: string,
  coverage: { report: CoverageReport } | undefined,
): Promise<{ results: StepResult[]; where: string } | { skipped: string }> {
  const options = { token: args.token }
  if (target.kind === 'in-process') {
    let recorder: CoverageRecorder | undefined
    const results = await replayInProcess(scenario, name, options, (simulator) => {
      if (coverage !== undefined) recorder = recordCoverage(simulator)
    })
    if (coverage !== undefined && recorder !== undefined)
      coverage.report = mergeCoverage(coverage.report, await recorder.report())
    return { results, where: 'in-process' }
  }
  if (target.kind === 'service') {
    const reasons = simulatorOnlyReasons(scenario)
    if (reasons.length > 0) return { skipped: `needs the simulator: ${reasons.join('; ')}` }
    const results = await replaySteps(scenario.steps ?? [], fetchSend(target.url), options)
    return { results, where: `${target.url}, the real service` }
  }
  const session = args.session ?? replaySessionId(name)
  const results = await replayAgainstServer(target.url, scenario, name, {
    session,
    endSession: args.session === undefined,
    ...options,
  })
  return { results, where: `${target.url}, session ${session}` }
}

export async function replayCommand(argv: readonly string[], output: ReplayOutput): Promise<number> {
  const parsed = parseReplayArgs(argv)
  if ('help' in parsed) {
    output.out(REPLAY_HELP)
    return 0
  }
  if ('error' in parsed) {
    output.err(`replay: ${parsed.error}\n\n${REPLAY_HELP}`)
    return 2
  }
  let files: string[]
  let target: Target
  try {
    files = scenarioFiles(parsed.paths, output)
    target = await targetOf(parsed, output)
  } catch (error) {
    output.err((error as Error).message)
    return 1
  }
  if (target.kind === 'service' && parsed.session !== undefined) {
    output.err(`replay: --session needs the simulator's control API, which ${target.url} does not have`)
    return 1
  }
  const suites: ReplaySuite[] = []
  const coverage = parsed.coverage === undefined ? undefined : { report: coverageOf([]) }
  for (const file of files) {
    const name = scenarioNameOf(file)
    try {
      const scenario = loadScenarioFile(file)
      if (scenario.steps === undefined || scenario.steps.length === 0)
        throw new Error(
          `${file}: no steps to replay (a file of rules alone is for serve --scenarios; steps come from a recording or the dashboard's drafts)`,
        )
      const replayed = await replayFile(target, parsed, scenario, name, coverage)
      if ('skipped' in replayed) {
        suites.push({ name, results: [], skipped: replayed.skipped })
        output.out(`SKIP ${file}: ${replayed.skipped}`)
        continue
      }
      suites.push({ name, results: replayed.results })
      output.out(formatResults(`${file} (${replayed.where})`, replayed.results))
      // What its recording noted (a system clock, a changed world) may be why a step differs.
      if (replayed.results.some((result) => !result.passed))
        for (const note of scenario.notes ?? []) output.out(`  note: ${note}`)
    } catch (error) {
      const message = (error as Error).message
      suites.push({ name, results: [], error: message })
      output.err(`FAIL ${file}\n  ${message.split('\n').join('\n  ')}`)
    }
  }
  const counts = suites.map((suite) => countResults(suite.results))
  const steps = counts.reduce((sum, each) => sum + each.replayed, 0)
  const failedSteps = counts.reduce((sum, each) => sum + each.failed, 0)
  const skippedSteps = counts.reduce((sum, each) => sum + each.skipped, 0)
  const broken = suites.filter((suite) => suite.error !== undefined).length
  const skipped = suites.filter((suite) => suite.skipped !== undefined).length
  output.out(
    `\n${count(suites.length, 'scenario')}, ${count(steps, 'step')}: ${steps - failedSteps} passed, ${failedSteps} failed` +
      (skippedSteps > 0 ? `, ${count(skippedSteps, 'step')} skipped (marked skip in the file)` : '') +
      (skipped > 0 ? `, ${count(skipped, 'scenario')} skipped` : '') +
      (broken > 0 ? `, ${count(broken, 'scenario')} could not be replayed` : ''),
  )
  if (steps === 0 && skipped + skippedSteps > 0)
    output.err(`replay: no step was replayed: every ${skipped > 0 ? 'scenario' : 'step'} was skipped`)
  if (parsed.junit !== undefined) {
    mkdirSync(dirname(resolve(parsed.junit)), { recursive: true })
    writeFileSync(parsed.junit, toJUnitXml(suites))
    output.out(`JUnit XML written to ${parsed.junit}`)
  }
  if (parsed.coverage !== undefined && coverage !== undefined) {
    writeCoverageFileSync(resolve(parsed.coverage), coverage.report)
    output.out(`API coverage (${coverageSummary(coverage.report)}) written to ${parsed.coverage}`)
  }
  return failedSteps > 0 || broken > 0 || steps === 0 ? 1 : 0
}

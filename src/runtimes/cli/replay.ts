/**
 * `npm run replay -- <file|directory>… [--url http://host:port] [--junit <file>]`: replays the
 * steps of scenario files and reports each step as passed or failed with a readable diff.
 *
 * - In-process (default): a fresh simulator per file, built with the file's `simulator` options,
 *   with the file's scenario active; requests go straight to its pipeline (and `/__sim` requests
 *   to the control routes), with no port and no interception.
 * - `--url`: against a running standalone server. Per file it resets the server, activates the
 *   file's scenario through the control API, replays the steps over HTTP, then deactivates it. The
 *   server must run with the seed (and clock) the file was written for.
 *
 * A directory stands for its scenario files; JSON Schemas (`*.schema.json`) are skipped, so
 * `scenarios/*.json` works too. Exit code: 0 when every step passed, 1 otherwise, 2 for usage.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SimRequest } from '../../pipeline/sim-request.ts'
import { type ReplaySuite, toJUnitXml } from '../../scenarios/junit.ts'
import { isSchemaFile, loadScenarioFile, scenarioFilesIn, scenarioNameOf } from '../../scenarios/load-scenarios.ts'
import { type ReplayOutcome, type ReplayRequest, type Send, type StepResult, fetchSend, formatResults, replaySteps } from '../../scenarios/replay.ts'
import type { Scenario } from '../../scenarios/scenario-schema.ts'
import { type SimulatorCore as Simulator, createSimulatorCore as createSimulator } from '../../simulator-core.ts'
import { handleControlRequest, isControlPath } from '../standalone/control-routes.ts'

export const REPLAY_HELP = `Usage: npm run replay -- <scenario.json|directory>... [options]

Replays the steps of scenario files and exits non-zero if any step fails.

Options:
  --url <url>     replay against a running server (it is reset and the scenario activated through /__sim)
  --junit <file>  also write the results as JUnit XML
  -h, --help      print this help`

/** A SimRequest for a replayed request. */
function toSimRequest(request: ReplayRequest): SimRequest {
  const q = request.path.indexOf('?')
  return {
    method: request.method,
    path: q === -1 ? request.path : request.path.slice(0, q),
    query: new URLSearchParams(q === -1 ? '' : request.path.slice(q + 1)),
    header: (name) => request.headers[name.toLowerCase()] ?? null,
    text: async () => request.body ?? '',
  }
}

/** Sends replayed requests straight to a simulator: `/__sim` to the control routes, the rest to its pipeline. */
export function inProcessSend(simulator: Simulator): Send {
  return async (request): Promise<ReplayOutcome> => {
    const simRequest = toSimRequest(request)
    const response = isControlPath(simRequest.path)
      ? await handleControlRequest({ simulator, request: simRequest })
      : await simulator.handle(simRequest)
    if (response.networkError) return { kind: 'network-error', message: 'the scenario failed the request at the network level' }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) headers[name.toLowerCase()] = value
    return { kind: 'response', status: response.status, headers, body: response.body ?? '' }
  }
}

/** Replays a scenario against a fresh in-process simulator that has it active. */
export async function replayInProcess(scenario: Scenario, name: string): Promise<StepResult[]> {
  const simulator = createSimulator({
    ...(scenario.simulator?.seed !== undefined && { seed: scenario.simulator.seed }),
    ...(scenario.simulator?.now !== undefined && { now: scenario.simulator.now }),
  })
  simulator.useScenario(scenario, name)
  return replaySteps(scenario.steps ?? [], inProcessSend(simulator))
}

async function control(baseUrl: string, method: string, path: string, body?: unknown): Promise<void> {
  let response: Response
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    })
  } catch (error) {
    throw new Error(`cannot reach ${baseUrl}: ${(error as { cause?: Error }).cause?.message ?? (error as Error).message}`)
  }
  if (!response.ok) {
    const text = await response.text()
    throw new Error(`${method} ${path} answered ${response.status}${response.status === 404 ? ' (is this a debt-token-simulator?)' : ''}: ${text}`)
  }
}

/** Replays a scenario against a running server: reset, activate it, replay, deactivate. */
export async function replayAgainstServer(baseUrl: string, scenario: Scenario, name: string): Promise<StepResult[]> {
  const base = baseUrl.replace(/\/$/, '')
  await control(base, 'POST', '/__sim/reset')
  await control(base, 'PUT', '/__sim/scenario', { name, scenario })
  try {
    return await replaySteps(scenario.steps ?? [], fetchSend(base))
  } finally {
    await control(base, 'DELETE', '/__sim/scenario')
  }
}

interface ReplayArgs {
  paths: string[]
  url: string | undefined
  junit: string | undefined
}

function parseReplayArgs(argv: readonly string[]): ReplayArgs | { help: true } | { error: string } {
  const args: ReplayArgs = { paths: [], url: undefined, junit: undefined }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '-h' || arg === '--help') return { help: true }
    const [flag, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [undefined, undefined]
    if (flag === '--url' || flag === '--junit') {
      const value = inline ?? argv[++i]
      if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value` }
      if (flag === '--url') {
        if (!/^https?:\/\//.test(value)) return { error: `--url must be an http(s) URL, got ${value}` }
        args.url = value
      } else {
        args.junit = value
      }
    } else if (flag !== undefined) {
      return { error: `unknown option ${arg}` }
    } else {
      args.paths.push(arg)
    }
  }
  if (args.paths.length === 0) return { error: 'give at least one scenario file or directory' }
  return args
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

/** The whole command; returns the exit code. */
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
  try {
    files = scenarioFiles(parsed.paths, output)
  } catch (error) {
    output.err((error as Error).message)
    return 1
  }
  const suites: ReplaySuite[] = []
  for (const file of files) {
    const name = scenarioNameOf(file)
    try {
      const scenario = loadScenarioFile(file)
      if (scenario.steps === undefined || scenario.steps.length === 0) throw new Error(`${file}: no steps to replay`)
      const results =
        parsed.url === undefined ? await replayInProcess(scenario, name) : await replayAgainstServer(parsed.url, scenario, name)
      suites.push({ name, results })
      output.out(formatResults(`${file}${parsed.url === undefined ? ' (in-process)' : ` (${parsed.url})`}`, results))
    } catch (error) {
      const message = (error as Error).message
      suites.push({ name, results: [], error: message })
      output.err(`FAIL ${file}\n  ${message.split('\n').join('\n  ')}`)
    }
  }
  const steps = suites.reduce((sum, suite) => sum + suite.results.length, 0)
  const failedSteps = suites.reduce((sum, suite) => sum + suite.results.filter((result) => !result.passed).length, 0)
  const broken = suites.filter((suite) => suite.error !== undefined).length
  output.out(
    `\n${count(suites.length, 'scenario')}, ${count(steps, 'step')}: ${steps - failedSteps} passed, ${failedSteps} failed` +
      (broken > 0 ? `, ${count(broken, 'scenario')} could not be replayed` : ''),
  )
  if (parsed.junit !== undefined) {
    mkdirSync(dirname(resolve(parsed.junit)), { recursive: true })
    writeFileSync(parsed.junit, toJUnitXml(suites))
    output.out(`JUnit XML written to ${parsed.junit}`)
  }
  return failedSteps > 0 || broken > 0 || suites.length === 0 ? 1 : 0
}

const isEntryPoint = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isEntryPoint) {
  replayCommand(process.argv.slice(2), { out: (text) => console.log(text), err: (text) => console.error(text) }).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`replay: ${error instanceof Error ? error.message : String(error)}`)
      process.exitCode = 1
    },
  )
}

/**
 * `debt-token-simulator replay <file|directory>… [--url http://host:port [--session <id>]] [--junit <file>]`:
 * replays the steps of scenario files and reports each step as passed or failed with a readable diff.
 *
 * - In-process (default): a fresh simulator per file, built with the file's `simulator` options,
 *   with the file's scenario active; requests go straight to its pipeline (and `/__sim` requests
 *   to the control routes), with no port and no interception. Steps are sent as written.
 * - `--url`: against a running standalone server that others may be using. Each file runs in a
 *   session of its own (`X-Sim-Session` on every request, control and API): a fresh id per file,
 *   or the one `--session` names. Per file it resets that session only, activates the file's
 *   scenario (rules and world) for that session only, replays the steps over HTTP, then ends the
 *   session (a generated id) or deactivates its scenario and leaves it (`--session`). It never
 *   resets the server, ends another session or changes the global scenario. The clock is shared by
 *   every session and is not reset: the server must run with the seed (and clock) the file was
 *   written for.
 *
 * A directory stands for its scenario files; JSON Schemas (`*.schema.json`) are skipped, so
 * `scenarios/*.json` works too. Exit code: 0 when every step passed, 1 otherwise, 2 for usage.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { isControlPath } from '../../contract/control-route.ts'
import { handleControlRequest } from '../../control/control-api.ts'
import type { SimRequest } from '../../http/sim-request.ts'
import { loadWorldGenerator } from '../../model/world-generator.ts'
import { type ReplaySuite, toJUnitXml } from '../../scenarios/junit.ts'
import { isSchemaFile, loadScenarioFile, scenarioFilesIn, scenarioNameOf } from '../../scenarios/load-scenarios.ts'
import {
  formatResults,
  type ReplayOutcome,
  type ReplayRequest,
  replaySteps,
  type Send,
  type StepResult,
} from '../../scenarios/replay.ts'
import type { Scenario } from '../../scenarios/scenario-schema.ts'
import { SESSION_ID_PATTERN } from '../../sessions/session-registry.ts'
import { createSimulatorCore as createSimulator, type SimulatorCore as Simulator } from '../../simulator-core.ts'
import { replayAgainstServer, replaySessionId, SESSION_RULE } from './replay-server.ts'

export const REPLAY_HELP = `Usage: debt-token-simulator replay <scenario.json|directory>... [options]

Replays the steps of scenario files and exits non-zero if any step fails. By default each
file runs in-process, on a fresh simulator built with the file's seed and clock.

Options:
  --url <url>       replay against a running server, each file in a session of its own (below)
  --session <id>    with --url: replay every file in this session and keep it afterwards
                    (1-64 characters of A-Z a-z 0-9 . _ ~ -)
  --junit <file>    also write the results as JUnit XML
  -h, --help        print this help

With --url the server may be shared: every request of a file, its steps and the replay's own
/__sim calls, carries X-Sim-Session: <id>, a fresh replay-<file name>-<hex> per file unless
--session names one. Per file the replay resets that session only (POST /__sim/reset),
activates the file's scenario, rules and world, for that session only (PUT /__sim/scenario),
replays the steps, then ends the session (DELETE /__sim/sessions/<id>); with --session it
deactivates the session's scenario instead and leaves the session and its data. It never resets
the server, ends another session or changes the global scenario.
A step's own X-Sim-Session header is replaced by the replay's session (in-process it is kept),
and the "session" a /__sim route answers reads as the step's own (null for none), so recorded
control steps pass as they do in-process.
The clock is shared by all sessions and is not reset: run the server with the seed and clock
the file was written for. Control steps that act on the whole server (PUT /__sim/clock,
DELETE /__sim/journal, DELETE /__sim/sessions/<id>) still do.`

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
    if (response.networkError)
      return { kind: 'network-error', message: 'the scenario failed the request at the network level' }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) headers[name.toLowerCase()] = value
    return { kind: 'response', status: response.status, headers, body: response.body ?? '' }
  }
}

/** Replays a scenario against a fresh in-process simulator that has it active. */
export async function replayInProcess(scenario: Scenario, name: string): Promise<StepResult[]> {
  await loadWorldGenerator() // the scenario may start from a generated world
  const simulator = createSimulator({
    ...(scenario.simulator?.seed !== undefined && { seed: scenario.simulator.seed }),
    ...(scenario.simulator?.now !== undefined && { now: scenario.simulator.now }),
  })
  simulator.useScenario(scenario, name)
  return replaySteps(scenario.steps ?? [], inProcessSend(simulator))
}

interface ReplayArgs {
  paths: string[]
  url: string | undefined
  session: string | undefined
  junit: string | undefined
}

function parseReplayArgs(argv: readonly string[]): ReplayArgs | { help: true } | { error: string } {
  const args: ReplayArgs = { paths: [], url: undefined, session: undefined, junit: undefined }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '-h' || arg === '--help') return { help: true }
    const [flag, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [undefined, undefined]
    if (flag === '--url' || flag === '--junit' || flag === '--session') {
      const value = inline ?? argv[++i]
      if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value` }
      if (flag === '--url') {
        if (!/^https?:\/\//.test(value)) return { error: `--url must be an http(s) URL, got ${value}` }
        args.url = value
      } else if (flag === '--session') {
        if (!SESSION_ID_PATTERN.test(value))
          return { error: `--session must be ${SESSION_RULE}, got ${JSON.stringify(value)}` }
        args.session = value
      } else {
        args.junit = value
      }
    } else if (flag !== undefined) {
      return { error: `unknown option ${arg}` }
    } else {
      args.paths.push(arg)
    }
  }
  if (args.session !== undefined && args.url === undefined)
    return { error: '--session applies to a replay against a server: give --url too' }
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
      let results: StepResult[]
      let where: string
      if (parsed.url === undefined) {
        results = await replayInProcess(scenario, name)
        where = 'in-process'
      } else {
        const session = parsed.session ?? replaySessionId(name)
        results = await replayAgainstServer(parsed.url, scenario, name, {
          session,
          endSession: parsed.session === undefined,
        })
        where = `${parsed.url}, session ${session}`
      }
      suites.push({ name, results })
      output.out(formatResults(`${file} (${where})`, results))
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

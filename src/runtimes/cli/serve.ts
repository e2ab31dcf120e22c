/**
 * `debt-token-simulator serve` (the default command, what `npm start` runs): parses its options,
 * starts the standalone server (with a scenario active, the session recorded and the scenario and
 * fixture directories watched when asked) and shuts it down cleanly on SIGINT or SIGTERM, writing
 * the recording first.
 */

import { writeCoverageFileSync } from '../../coverage/coverage-file.ts'
import { recordCoverage } from '../../coverage/coverage-recorder.ts'
import { loadReportBuilder, type ReportBuilder } from '../../coverage/report-builder.ts'
import { ApiError } from '../../http/api-error.ts'
import { DEFAULT_NOW } from '../../model/clock.ts'
import { loadFixtureDirectory } from '../../model/load-fixture-directory.ts'
import { StoredChangeError } from '../../persistence/apply-changes.ts'
import { PersistDirectoryError } from '../../persistence/node/persist-error.ts'
import { createFileRecording, type FileRecording, recordingTargetProblem } from '../../record-replay/record-to-file.ts'
import { loadScenarioDirectory } from '../../scenarios/load-scenarios.ts'
import { MAX_WORLD_SIZE, type Scenario, type ScenarioWorld } from '../../scenarios/scenario-schema.ts'
import { shippedScenarios } from '../../scenarios/shipped-scenarios.ts'
import { type StandaloneServer, startStandaloneServer } from '../standalone/server.ts'
import { type CliOptions, parseArgs } from './args.ts'
import type { CommandOutput } from './io.ts'
import { openInBrowser } from './open-browser.ts'
import { signalReader } from './shutdown-signals.ts'
import { watchDirectories } from './watch.ts'

/** A recording that replays against a fresh simulator started like this one (same seed, clock, world, rules). */
function startRecording(file: string, options: CliOptions, startScenario: Scenario | undefined): FileRecording {
  const notes: string[] = []
  let world: ScenarioWorld | undefined = startScenario?.world
  if (world === undefined && options.size !== undefined) {
    if (options.size <= MAX_WORLD_SIZE) world = { size: options.size }
    else notes.push(`recorded with --size ${options.size}: replay it against a server started with the same --size`)
  }
  if (options.fixtures !== undefined)
    notes.push(`recorded with --fixtures ${options.fixtures}: replay it against a server started with them`)
  if (options.now === 'system')
    notes.push('recorded with a system clock: timestamps in the expectations will differ on replay')
  if (options.scenario !== undefined) notes.push(`recorded with the scenario ${options.scenario} active`)
  if (options.proxy !== undefined)
    notes.push(
      `recorded through the proxy to ${options.proxy.url}: the answers are the service's; replay --url ${options.proxy.url} checks the service again, a replay against the simulator shows where the two differ`,
    )
  return createFileRecording(file, {
    description: `Recorded session${options.proxy === undefined ? '' : ` through the proxy to ${options.proxy.url}: the answers are the service's`}, started ${new Date().toISOString()}.`,
    notes,
    seed: options.seed,
    ...(options.now !== 'system' && { now: options.now ?? DEFAULT_NOW }),
    ...(startScenario !== undefined && { rules: startScenario.rules }),
    ...(world !== undefined && { world }),
  })
}

/**
 * The recording as the server sees it: a flush that fails (`POST /__sim/record/flush`: the disk is
 * full, the directory went away) is said in the log and answered 507 with the reason, and
 * recording goes on (the next flush may succeed; shutdown tries again and exits 1 if it cannot).
 */
function reportingFailures(recording: FileRecording, output: CommandOutput): FileRecording {
  return {
    ...recording,
    flush: async () => {
      try {
        return recording.flushSync()
      } catch (error) {
        const message = `the recording could not be written to ${recording.file} (${error instanceof Error ? error.message : String(error)}); recording goes on`
        output.err(`debt-token-simulator: ${message}`)
        throw new ApiError(507, message)
      }
    },
  }
}

/** SIM_PERSIST_COMPACT_FLOOR as a byte count, when it is one. */
function compactFloor(value: string | undefined): number | undefined {
  const bytes = Number(value)
  return value !== undefined && Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined
}

/**
 * Starts the server; resolves once it listens (the process then runs until a signal), or with the
 * exit code of a usage error or of --help. A load error (fixtures, scenarios) throws.
 */
export async function serveCommand(
  argv: readonly string[],
  output: CommandOutput,
  env: Readonly<Record<string, string | undefined>>,
): Promise<number | undefined> {
  const parsed = parseArgs(argv, env)
  if (parsed.kind === 'help') {
    output.out(parsed.text)
    return 0
  }
  if (parsed.kind === 'error') {
    output.err(`debt-token-simulator: ${parsed.message}\nRun with --help for the options.`)
    return 2
  }
  const { options } = parsed
  // The files written at exit are checked now: a mistake is said before anything is served.
  for (const [flag, file] of [
    ['--record', options.record],
    ['--coverage-out', options.coverageOut],
  ] as const) {
    const problem = file === undefined ? undefined : recordingTargetProblem(file)
    if (problem === undefined) continue
    output.err(`debt-token-simulator: ${flag}: ${problem}`)
    return 2
  }
  const fixtures = options.fixtures === undefined ? undefined : loadFixtureDirectory(options.fixtures)
  const scenarios = options.scenarios === undefined ? {} : loadScenarioDirectory(options.scenarios)
  // Loaded now, only for --coverage-out: the report is written at exit, synchronously on a second
  // Ctrl-C too; without the option a start does not load the builder (and the OpenAPI document's).
  const reportBuilder: ReportBuilder | undefined =
    options.coverageOut === undefined ? undefined : await loadReportBuilder()
  const startScenario =
    options.scenario === undefined ? undefined : (scenarios[options.scenario] ?? shippedScenarios()[options.scenario])
  const recording = options.record === undefined ? undefined : startRecording(options.record, options, startScenario)
  // The command builds nothing itself: the server is started from these options, as the library's
  // users start it, so what the library refuses or admits (the proxy's token included) holds here.
  let server: StandaloneServer
  try {
    server = await startStandaloneServer({
      port: options.port,
      host: options.host,
      seed: options.seed,
      now: options.now,
      scenarios,
      log: options.log,
      controlOrigins: options.controlOrigins,
      ...(options.scenario !== undefined && { scenario: options.scenario }),
      ...(options.proxy !== undefined && { proxy: options.proxy }),
      ...(options.size !== undefined && { size: options.size }),
      ...(options.sessionLimit !== undefined && { sessionLimit: options.sessionLimit }),
      ...(options.sessionIdleMs !== undefined && { sessionIdleMs: options.sessionIdleMs }),
      ...(options.journalSize !== undefined && { journalCapacity: options.journalSize }),
      ...(options.journalBodyLimit !== undefined && { journalBodyLimit: options.journalBodyLimit }),
      ...(options.maxRecords !== undefined && { maxRecords: options.maxRecords }),
      ...(fixtures !== undefined && { fixtures }),
      ...(recording !== undefined && { recording: reportingFailures(recording, output) }),
      ...(options.persist !== undefined && {
        persist: {
          dir: options.persist,
          reset: options.persistReset,
          // For tests that need compactions while they kill the server: not an option users need.
          compactFloorBytes: compactFloor(env.SIM_PERSIST_COMPACT_FLOOR),
          warn: (line) => output.err(`debt-token-simulator: ${line}`),
        },
      }),
    })
  } catch (error) {
    // The directory is in use, written for another world, or damaged: said, and left as it is.
    if (!(error instanceof PersistDirectoryError || error instanceof StoredChangeError)) throw error
    output.err(`debt-token-simulator: --persist: ${error.message}`)
    return 2
  }
  const { simulator } = server
  for (const warning of simulator.host.persistenceWarnings) output.err(`debt-token-simulator: ${warning}`)
  // Started before the line tools wait for, so "listening" means every reload is in place.
  const watching = options.watch
    ? watchDirectories(simulator, {
        scenarios: options.scenarios,
        fixtures: options.fixtures,
        log: (line) => output.out(`debt-token-simulator: ${line}`),
        warn: (line) => output.err(`debt-token-simulator: ${line}`),
      })
    : undefined
  /** Writes the recording, if any; false (after saying why) when it could not be written. */
  const writeRecording = (): boolean => {
    if (recording === undefined) return true
    try {
      const written = recording.flushSync()
      output.out(`debt-token-simulator: recorded ${written.steps} requests to ${written.file}`)
      return true
    } catch (error) {
      output.err(
        `debt-token-simulator: the recording could not be written to ${recording.file}: ${error instanceof Error ? error.message : String(error)}`,
      )
      return false
    }
  }
  /** Writes the coverage report, if asked for; false (after saying why) when it could not be written. */
  const writeCoverage = (): boolean => {
    if (options.coverageOut === undefined || reportBuilder === undefined) return true
    try {
      const report = recordCoverage(simulator).reportWith(reportBuilder)
      writeCoverageFileSync(options.coverageOut, report)
      const { operations, responses } = report.totals
      output.out(
        `debt-token-simulator: coverage (${operations.covered}/${operations.total} operations, ${responses.covered}/${responses.total} responses) written to ${options.coverageOut}`,
      )
      return true
    } catch (error) {
      output.err(
        `debt-token-simulator: the coverage report could not be written to ${options.coverageOut}: ${error instanceof Error ? error.message : String(error)}`,
      )
      return false
    }
  }
  const meaningOf = signalReader()
  const shutdown = (signal: NodeJS.Signals) => {
    const meaning = meaningOf(signal)
    if (meaning === 'delivered twice') return
    if (meaning === 'now') {
      // A second Ctrl-C means "now": no more waiting for answers under way (the recording is still
      // written, synchronously, since losing it silently is worse than a few milliseconds).
      output.err(`debt-token-simulator: ${signal} again, exiting without waiting for requests under way`)
      writeRecording()
      writeCoverage()
      process.exit(signal === 'SIGINT' ? 130 : 143)
    }
    watching?.close()
    output.out(
      `debt-token-simulator: ${signal}, shutting down (in-flight requests may take ${options.shutdownGraceMs / 1000} s; ${signal} again to stop at once)`,
    )
    let code = 0
    // New connections are refused at once; answers under way finish first, so the recording has
    // them. The server closes the simulator it made: what is stored stays; the lock goes.
    void server
      .close({ graceMs: options.shutdownGraceMs })
      .then(() => {
        if (!writeRecording()) code = 1
        if (!writeCoverage()) code = 1
      })
      .catch((error: unknown) => {
        code = 1
        output.err(`debt-token-simulator: ${error instanceof Error ? error.message : String(error)}`)
      })
      .finally(() => process.exit(code))
  }
  // Before the line tools wait for: one that signals as soon as it reads it gets the clean shutdown.
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  const watched = [options.scenarios, options.fixtures].filter((directory) => directory !== undefined)
  const notes = [
    ...(options.scenario === undefined ? [] : [`scenario ${options.scenario}`]),
    ...(options.proxy === undefined ? [] : [`proxying to ${options.proxy.url}`]),
    ...(recording === undefined ? [] : [`recording to ${recording.file}`]),
    ...(watching === undefined ? [] : [`watching ${watched.join(' and ')}`]),
    ...(options.persist === undefined ? [] : [`persisting to ${options.persist}`]),
  ]
  output.out(`debt-token-simulator listening on ${server.url}${notes.length === 0 ? '' : ` (${notes.join(', ')})`}`)
  const dashboard = `${server.url}/__sim/ui`
  output.out(`debt-token-simulator dashboard: ${dashboard}`)
  if (options.open) {
    const problem = await openInBrowser(dashboard)
    if (problem !== undefined) output.out(`debt-token-simulator: ${problem}`)
  }
  return undefined
}

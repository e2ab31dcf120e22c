/** `serve`, the default command: the standalone server from its options, watched directories, a clean shutdown. */

import type { CommandOutput } from '../../command/command.ts'
import { loadFixtureDirectory } from '../../model/load-fixture-directory.ts'
import { loadScenarioDirectory } from '../../scenarios/load-scenarios.ts'
import { SERVER_WINGS } from '../../wings/server.ts'
import { type FilesWritten, type StandaloneServer, startStandaloneServer } from '../standalone/server.ts'
import { parseArgs } from './args.ts'
import { openInBrowser } from './open-browser.ts'
import { signalReader } from './shutdown-signals.ts'
import { watchDirectories } from './watch.ts'

/** Starts the server: resolves once it listens, or with a usage error's or --help's exit code; a load error throws. */
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
  const fixtures = options.fixtures === undefined ? undefined : loadFixtureDirectory(options.fixtures)
  const scenarios = options.scenarios === undefined ? {} : loadScenarioDirectory(options.scenarios)
  const warn = (line: string) => output.err(`debt-token-simulator: ${line}`)
  // The command builds nothing itself: the server is started from these options, as the library's
  // users start it, so what the library refuses or admits (the proxy's token included) holds here.
  const { fixtures: fixtureDir, scenarios: scenarioDir, watch, open, shutdownGraceMs, journalSize, ...passed } = options
  let server: StandaloneServer
  try {
    server = await startStandaloneServer({
      ...passed,
      scenarios,
      warn,
      ...(journalSize !== undefined && { journalCapacity: journalSize }),
      ...(fixtures !== undefined && { fixtures }),
    })
  } catch (error) {
    const refusal = SERVER_WINGS.map((wing) => wing.refusal?.(error)).find((said) => said !== undefined)
    if (refusal === undefined) throw error
    output.err(`debt-token-simulator: ${refusal}`)
    return 2
  }
  const { simulator } = server
  // Started before the line tools wait for, so "listening" means every reload is in place.
  const watching = watch
    ? watchDirectories(simulator, {
        scenarios: scenarioDir,
        fixtures: fixtureDir,
        log: (line) => output.out(`debt-token-simulator: ${line}`),
        warn: (line) => output.err(`debt-token-simulator: ${line}`),
      })
    : undefined
  /** Says what was written at exit; false when a file could not be. */
  const said = ({ written, failed }: FilesWritten): boolean => {
    for (const line of written) output.out(`debt-token-simulator: ${line}`)
    for (const line of failed) warn(line)
    return failed.length === 0
  }
  const meaningOf = signalReader()
  const shutdown = (signal: NodeJS.Signals) => {
    const meaning = meaningOf(signal)
    if (meaning === 'delivered twice') return
    if (meaning === 'now') {
      // A second Ctrl-C means "now"; the recording is still written (synchronously): losing it is worse than the wait.
      output.err(`debt-token-simulator: ${signal} again, exiting without waiting for requests under way`)
      said(server.writeFilesSync())
      process.exit(signal === 'SIGINT' ? 130 : 143)
    }
    watching?.close()
    output.out(
      `debt-token-simulator: ${signal}, shutting down (in-flight requests may take ${shutdownGraceMs / 1000} s; ${signal} again to stop at once)`,
    )
    let code = 0
    // New connections are refused at once; answers under way finish first, so the recording has
    // them. The server closes the simulator it made: what is stored stays; the lock goes.
    void server
      .close({ graceMs: shutdownGraceMs })
      .then((written) => {
        if (!said(written)) code = 1
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
  const watched = [scenarioDir, fixtureDir].filter((directory) => directory !== undefined)
  const notes = [
    ...(options.scenario === undefined ? [] : [`scenario ${options.scenario}`]),
    ...SERVER_WINGS.flatMap((wing) => wing.describe?.(options as never) ?? []),
    ...(watching === undefined ? [] : [`watching ${watched.join(' and ')}`]),
  ]
  output.out(`debt-token-simulator listening on ${server.url}${notes.length === 0 ? '' : ` (${notes.join(', ')})`}`)
  const dashboard = `${server.url}/__sim/ui`
  output.out(`debt-token-simulator dashboard: ${dashboard}`)
  if (open) {
    const problem = await openInBrowser(dashboard)
    if (problem !== undefined) output.out(`debt-token-simulator: ${problem}`)
  }
  return undefined
}

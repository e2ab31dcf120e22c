/** The command line: only `serve` is imported statically, each other subcommand loads on use (decision 0027). */
import packageJson from '../../../package.json' with { type: 'json' }
import { type Command, type CommandOutput, consoleOutput, wantsHelp } from '../../command/command.ts'
import { SERVER_WINGS } from '../../wings/server.ts'
import { serveCommand } from './serve.ts'
import { HELP as SERVE_HELP } from './serve-options.ts'

export const VERSION: string = packageJson.version

export const CLI_HELP = `Usage: debt-token-simulator [command] [options]

A stateful simulator of the Debt Token and Security Token Service.

Commands:
  serve       serve the simulator over HTTP (the default command)
  replay      replay the steps of scenario files, in-process or against a server (--url)
  scenarios   list the scenario files by name; "validate <files>" checks them, "init [dir]" writes one,
              "from-har <file.har>" turns a browser's HAR into one (and --world <dir> into fixtures)
  openapi     print the OpenAPI document of the simulated API, or write it (--out <file>)
  coverage    "report <dir|file...>": merge API coverage reports, print them, gate CI (--min-responses)

Options:
  -v, --version  print the version
  -h, --help     print this help; "debt-token-simulator <command> --help" for a command's own

Run with no command to serve on http://127.0.0.1:4010.`

type Env = Readonly<Record<string, string | undefined>>

const serve: Command = { help: SERVE_HELP, run: serveCommand }

/** Each subcommand, loaded on use. */
const commands: Readonly<Record<string, () => Promise<Command>>> = {
  serve: async () => serve,
  replay: async () => {
    const { REPLAY_HELP } = await import('./replay-args.ts')
    const { replayCommand } = await import('./replay.ts')
    return { help: REPLAY_HELP, run: (argv, output) => replayCommand(argv, output) }
  },
  scenarios: async () => {
    const { SCENARIOS_HELP, scenariosCommand } = await import('./scenarios-command.ts')
    return { help: SCENARIOS_HELP, run: scenariosCommand }
  },
  openapi: async () => {
    const { OPENAPI_HELP, openapiCommand } = await import('./openapi-command.ts')
    return { help: OPENAPI_HELP, run: openapiCommand }
  },
  // The wings' own: coverage's `coverage report`.
  ...Object.assign({}, ...SERVER_WINGS.map((wing) => wing.commands)),
}

/** The loader of the subcommand `name` (not a key Object.prototype gives every object). */
function commandNamed(name: string): (() => Promise<Command>) | undefined {
  return Object.hasOwn(commands, name) ? commands[name] : undefined
}

/** Runs one command line (without node and the script): its exit code, or undefined while a server runs. */
export async function dispatch(
  argv: readonly string[],
  output: CommandOutput = consoleOutput,
  env: Env = process.env,
): Promise<number | undefined> {
  const [first, ...rest] = argv
  if (first === '-v' || first === '--version') {
    output.out(VERSION)
    return 0
  }
  if (first === 'help') {
    const load = rest[0] === undefined ? undefined : commandNamed(rest[0])
    if (rest[0] !== undefined && load === undefined) {
      output.err(`debt-token-simulator: unknown command ${rest[0]}\n\n${CLI_HELP}`)
      return 2
    }
    output.out(load === undefined ? CLI_HELP : (await load()).help)
    return 0
  }
  if (first === undefined || first.startsWith('-')) {
    // Options alone serve; -h/--help alone is the command's help, not serve's.
    if (first !== undefined && wantsHelp([first]) && rest.length === 0) {
      output.out(CLI_HELP)
      return 0
    }
    return serve.run(argv, output, env)
  }
  const load = commandNamed(first)
  if (load === undefined) {
    output.err(`debt-token-simulator: unknown command ${first}\n\n${CLI_HELP}`)
    return 2
  }
  const command = await load()
  if (wantsHelp(rest)) {
    output.out(command.help)
    return 0
  }
  return command.run(rest, output, env)
}

/** The process's command line: exit code from `dispatch`; a failure prints one line and exits 1. */
export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    const code = await dispatch(argv)
    if (code !== undefined) process.exitCode = code
  } catch (error) {
    console.error(`debt-token-simulator: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}

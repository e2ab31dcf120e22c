/**
 * The command line of the standalone server: flags and environment variables → options, with a
 * usage error for anything it does not understand, all read from one declaration of the options
 * (SERVE_OPTIONS). Pure, so it is tested without starting anything.
 */
import { parseInstant } from '../../contract/instants.ts'
import { GENERATED_SIZE_RULE, isGeneratedSize } from '../../model/generator/world-size.ts'
import { DEFAULT_SEED } from '../../model/random.ts'
import { DEFAULT_JOURNAL_BODY_LIMIT, MAX_JOURNAL_BODY_LIMIT } from '../../observability/journal.ts'
import type { LogLevel } from '../../observability/operations-log.ts'
import {
  DEFAULT_PROXY_TIMEOUT_MS,
  operationList,
  type ProxyOptions,
  proxyBaseUrl,
  proxyOptionsProblem,
} from '../../proxy/proxy-options.ts'
import { browserOriginProblem } from '../standalone/browser-origin.ts'
import { DEFAULT_HOST, DEFAULT_PORT } from '../standalone/server.ts'
import { parseCommandArgs } from './command-args.ts'

export interface CliOptions {
  port: number
  host: string
  seed: number
  now: string | undefined
  fixtures: string | undefined
  size: number | undefined
  /** The scenario active from the start (checked against the catalog when the server starts). */
  scenario: string | undefined
  /** A directory of more scenario files, besides the shipped ones. */
  scenarios: string | undefined
  /** Record the session's requests and responses as a scenario file with steps. */
  record: string | undefined
  /** Write the API coverage report (JSON) to this file at shutdown. */
  coverageOut: string | undefined
  /** Reload the --scenarios and --fixtures directories when their files change. */
  watch: boolean
  /** The operations log: none, a line per request, or lines with bodies. */
  log: LogLevel
  sessionLimit: number | undefined
  sessionIdleMs: number | undefined
  journalSize: number | undefined
  journalBodyLimit: number | undefined
  /** How long in-flight requests may finish on SIGINT/SIGTERM, in ms. */
  shutdownGraceMs: number
  /** Browser origins besides loopback ones that may use the control API. */
  controlOrigins: string[]
  maxRecords: number | undefined
  /** Open the dashboard (GET /__sim/ui) in the default browser once listening. */
  open: boolean
  /** Forward the API to the real service at this base URL (`--proxy`, with `--token`, `--proxy-only`…). */
  proxy: ProxyOptions | undefined
  /** Keep the default world's writes in this directory across restarts. */
  persist: string | undefined
  /** Start the --persist directory over from the seeded world (and accept another seed or fixtures). */
  persistReset: boolean
}

export type ParsedArgs =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'help'; text: string }
  | { kind: 'error'; message: string }

/** One option of `serve`: its flag, the value it takes, its environment variable and its help. */
interface ServeOption {
  readonly name: string
  readonly short?: string
  /** The value's placeholder in the help (`<n>`); none for a switch. */
  readonly value?: string
  readonly env?: string
  readonly help: string
  /** A whole number, within these bounds. */
  readonly whole?: readonly [min: number, max: number]
}

/** Every option of `serve`, declared once: the parser, the help and docs/development.md's table read it. */
export const SERVE_OPTIONS: readonly ServeOption[] = [
  {
    name: 'port',
    short: 'p',
    value: '<n>',
    env: 'PORT',
    help: `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`,
  },
  { name: 'host', value: '<addr>', env: 'HOST', help: `address to bind (default ${DEFAULT_HOST})` },
  { name: 'seed', value: '<n>', env: 'SIM_SEED', help: `seed of generated values (default ${DEFAULT_SEED})` },
  {
    name: 'now',
    value: '<iso|system>',
    env: 'SIM_NOW',
    help: 'the fixed instant the clock starts at, or "system" for real time',
  },
  { name: 'fixtures', value: '<dir>', help: 'load the world from this fixture directory instead of fixtures/' },
  {
    name: 'size',
    value: '<n>',
    env: 'SIM_SIZE',
    help: 'generate a coherent world of n debt tokens from the seed instead',
  },
  {
    name: 'scenario',
    value: '<name>',
    env: 'SIM_SCENARIO',
    help: 'start with this scenario active; see docs/scenarios.md',
  },
  {
    name: 'scenarios',
    value: '<dir>',
    env: 'SIM_SCENARIOS',
    help: 'load more scenario files (*.json) from this directory',
  },
  {
    name: 'watch',
    help: 'reload the --scenarios and --fixtures directories when a file changes; a file with a mistake is reported and its last good version kept; a fixture change resets the seeded world and ends the sessions',
  },
  {
    name: 'record',
    value: '<file>',
    help: "write the session's requests and responses as a scenario with steps to <file> (on SIGINT/SIGTERM, and on POST /__sim/record/flush)",
  },
  {
    name: 'coverage-out',
    value: '<file>',
    help: 'write the API coverage report (JSON, docs/coverage.md) to <file> on SIGINT/SIGTERM; GET /__sim/coverage answers it while the server runs',
  },
  {
    name: 'session-limit',
    value: '<n>',
    whole: [1, 10_000],
    help: 'how many X-Sim-Session sessions may exist at once (default 100)',
  },
  {
    name: 'session-idle',
    value: '<s>',
    whole: [1, 31_536_000],
    help: 'seconds an idle session lives (default 1800)',
  },
  {
    name: 'journal-size',
    value: '<n>',
    whole: [1, 100_000],
    help: 'how many recent requests GET /__sim/journal keeps (default 500; fewer once their bodies add up to 64 MiB)',
  },
  {
    name: 'journal-body-limit',
    value: '<chars>',
    whole: [DEFAULT_JOURNAL_BODY_LIMIT, MAX_JOURNAL_BODY_LIMIT],
    help: `how much of each body the journal keeps (default and least ${DEFAULT_JOURNAL_BODY_LIMIT}, at most ${MAX_JOURNAL_BODY_LIMIT}): raise it to export long answers whole in GET /__sim/journal.har`,
  },
  {
    name: 'max-records',
    value: '<n>',
    whole: [0, 10_000_000],
    help: 'records the world, and each session, may hold beyond the seeded ones, a debt token counting its parcels too (default 10000); a create beyond it answers 507 until a reset',
  },
  {
    name: 'persist',
    value: '<dir>',
    env: 'SIM_PERSIST',
    help: "keep the world's writes (records, payment ids, the clock if moved, resets) in <dir> across restarts, each on disk before its answer; sessions are not kept. One server per directory",
  },
  {
    name: 'persist-reset',
    help: 'start <dir> over from the seeded world (also when it was written with another seed or fixtures, which is refused otherwise)',
  },
  {
    name: 'shutdown-grace',
    value: '<s>',
    whole: [0, 3600],
    help: 'on SIGINT/SIGTERM, seconds in-flight requests may take to finish (default 5)',
  },
  {
    name: 'control-origin',
    value: '<origins>',
    env: 'SIM_CONTROL_ORIGINS',
    help: 'browser origins, comma-separated, that may use /__sim besides loopback ones, e.g. https://qa.example.com',
  },
  {
    name: 'proxy',
    value: '<url>',
    env: 'SIM_PROXY',
    help: 'forward API requests to the real service at <url> and answer with its answers, each checked against the contract (drift goes to the log, the journal and the dashboard); scenarios still switch chosen operations into errors; see docs/proxy.md',
  },
  {
    name: 'token',
    value: '<token>',
    env: 'SIM_PROXY_TOKEN',
    help: "with --proxy: send Authorization: Bearer <token> to the service instead of the client's",
  },
  {
    name: 'proxy-only',
    value: '<ids>',
    help: 'with --proxy: forward only these operations (comma-separated operation ids); the simulator answers the others',
  },
  { name: 'proxy-except', value: '<ids>', help: 'with --proxy: forward every operation but these' },
  {
    name: 'proxy-timeout',
    value: '<ms>',
    help: `with --proxy: how long the service may take to answer (default ${DEFAULT_PROXY_TIMEOUT_MS}); then 504`,
  },
  { name: 'open', help: 'open the dashboard (/__sim/ui) in the default browser' },
  { name: 'quiet', help: 'no operations log (one line per request is the default)' },
  { name: 'verbose', help: 'the operations log with request and response bodies' },
  { name: 'help', short: 'h', help: 'print this help' },
]

const HELP_WIDTH = 100
const FLAG_COLUMN = 28

/** An option's help: its flag, then its text (and environment variable) wrapped beside it. */
function helpLines(option: ServeOption): string {
  const flag = `  ${option.short === undefined ? '' : `-${option.short}, `}--${option.name}${option.value === undefined ? '' : ` ${option.value}`}`
  const words = [...option.help.split(' '), ...(option.env === undefined ? [] : [`(env ${option.env})`])]
  const lines = [flag.length < FLAG_COLUMN ? flag.padEnd(FLAG_COLUMN) : `${flag}\n${' '.repeat(FLAG_COLUMN)}`]
  for (const word of words) {
    const line = lines.at(-1)!
    const width = line.length - line.lastIndexOf('\n') - 1
    if (width > FLAG_COLUMN && width + 1 + word.length > HELP_WIDTH) lines.push(`${' '.repeat(FLAG_COLUMN)}${word}`)
    else lines[lines.length - 1] = `${line}${width > FLAG_COLUMN ? ' ' : ''}${word}`
  }
  return lines.join('\n')
}

export const HELP = `Usage: debt-token-simulator [serve] [options]   (npm start -- [options])

Serves the Debt Token and Security Token Service simulator over HTTP (the default command).

Options:
${SERVE_OPTIONS.map(helpLines).join('\n')}

Control API (no Bearer needed): GET /__sim lists it; health, reset, state, journal, clock,
scenario, sessions, openapi.json; the dashboard at /__sim/ui. Per-client isolation: send
X-Sim-Session: <id>.`

const PROXY_FLAGS = ['token', 'proxy-only', 'proxy-except', 'proxy-timeout'] as const

/** The proxy options of the command line, or a usage error. */
function proxyOptions(values: Readonly<Record<string, string>>): ProxyOptions | undefined | string {
  if (values.proxy === undefined) {
    const stray = PROXY_FLAGS.find((name) => values[name] !== undefined)
    return stray === undefined ? undefined : `--${stray} goes with --proxy <url>`
  }
  const base = proxyBaseUrl(values.proxy)
  if ('problem' in base) return `--proxy ${base.problem}`
  const lists: Record<string, string[]> = {}
  for (const name of ['proxy-only', 'proxy-except'] as const) {
    if (values[name] === undefined) continue
    const list = operationList(values[name])
    if ('problem' in list) return `--${name} ${list.problem}`
    lists[name] = list.ids
  }
  const timeout = values['proxy-timeout']
  const options: ProxyOptions = {
    url: base.url,
    ...(values.token !== undefined && { token: values.token }),
    ...(lists['proxy-only'] !== undefined && { only: lists['proxy-only'] as ProxyOptions['only'] }),
    ...(lists['proxy-except'] !== undefined && { except: lists['proxy-except'] as ProxyOptions['except'] }),
    ...(timeout !== undefined && { timeoutMs: /^\d+$/.test(timeout) ? Number(timeout) : Number.NaN }),
  }
  if (timeout !== undefined && Number.isNaN(options.timeoutMs))
    return `--proxy-timeout must be a whole number of milliseconds, got ${timeout}`
  return proxyOptionsProblem(options) ?? options
}

const COMMAND_SPEC = {
  values: SERVE_OPTIONS.filter((option) => option.value !== undefined).map((option) => option.name),
  switches: SERVE_OPTIONS.filter((option) => option.value === undefined).map((option) => option.name),
  aliases: Object.fromEntries(SERVE_OPTIONS.flatMap((option) => (option.short ? [[option.short, option.name]] : []))),
}

export function parseArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): ParsedArgs {
  const parsed = parseCommandArgs(argv, COMMAND_SPEC)
  if ('error' in parsed) return { kind: 'error', message: parsed.error }
  const on = parsed.switches
  if (on.has('help')) return { kind: 'help', text: HELP }
  const unexpected = parsed.positionals[0]
  if (unexpected !== undefined) return { kind: 'error', message: `unexpected argument ${unexpected}` }
  const values: Record<string, string> = { ...parsed.values }
  for (const option of SERVE_OPTIONS)
    if (option.env !== undefined && env[option.env] && values[option.name] === undefined)
      values[option.name] = env[option.env]!
  const port = Number(values.port ?? DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return { kind: 'error', message: `--port must be 0-65535, got ${values.port}` }
  const seed = Number(values.seed ?? DEFAULT_SEED)
  if (!Number.isSafeInteger(seed)) return { kind: 'error', message: `--seed must be an integer, got ${values.seed}` }
  const now = values.now === undefined || values.now === 'system' ? undefined : parseInstant(values.now)
  if (now !== undefined && !(now instanceof Date))
    return { kind: 'error', message: `--now ${now.problem} (or "system"), got ${values.now}` }
  const size = values.size === undefined ? undefined : Number(values.size)
  if (size !== undefined && !isGeneratedSize(size))
    return { kind: 'error', message: `--size ${GENERATED_SIZE_RULE}, got ${values.size}` }
  if (size !== undefined && values.fixtures !== undefined)
    return { kind: 'error', message: '--size and --fixtures exclude each other' }
  if (on.has('quiet') && on.has('verbose'))
    return { kind: 'error', message: '--quiet and --verbose exclude each other' }
  if (on.has('watch') && values.scenarios === undefined && values.fixtures === undefined)
    return { kind: 'error', message: '--watch reloads the --scenarios and --fixtures directories: give at least one' }
  if (on.has('persist-reset') && values.persist === undefined)
    return { kind: 'error', message: '--persist-reset starts the --persist directory over: give --persist <dir>' }
  const whole: Record<string, number> = {}
  for (const { name, whole: bounds } of SERVE_OPTIONS) {
    if (bounds === undefined || values[name] === undefined) continue
    const value = Number(values[name])
    if (!Number.isInteger(value) || value < bounds[0] || value > bounds[1])
      return {
        kind: 'error',
        message: `--${name} must be a whole number from ${bounds[0]} to ${bounds[1]}, got ${values[name]}`,
      }
    whole[name] = value
  }
  const controlOrigins = (values['control-origin'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
  for (const origin of controlOrigins) {
    const problem = browserOriginProblem(origin)
    // A browser compares the Origin it sends as text: any other spelling would silently allow nobody.
    if (problem !== undefined) return { kind: 'error', message: `--control-origin ${origin} ${problem}` }
  }
  const proxy = proxyOptions(values)
  if (typeof proxy === 'string') return { kind: 'error', message: proxy }
  return {
    kind: 'run',
    options: {
      port,
      host: values.host ?? DEFAULT_HOST,
      seed,
      now: values.now,
      fixtures: values.fixtures,
      size,
      scenario: values.scenario,
      scenarios: values.scenarios,
      record: values.record,
      coverageOut: values['coverage-out'],
      watch: on.has('watch'),
      log: on.has('quiet') ? 'quiet' : on.has('verbose') ? 'verbose' : 'normal',
      sessionLimit: whole['session-limit'],
      sessionIdleMs: whole['session-idle'] === undefined ? undefined : whole['session-idle'] * 1000,
      journalSize: whole['journal-size'],
      journalBodyLimit: whole['journal-body-limit'],
      shutdownGraceMs: (whole['shutdown-grace'] ?? 5) * 1000,
      controlOrigins,
      maxRecords: whole['max-records'],
      open: on.has('open'),
      proxy,
      persist: values.persist,
      persistReset: on.has('persist-reset'),
    },
  }
}

/**
 * The command line of the standalone server: flags and environment variables → options, with a
 * usage error for anything it does not understand. Pure, so it is tested without starting anything.
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

export const HELP = `Usage: debt-token-simulator [serve] [options]   (npm start -- [options])

Serves the Debt Token and Security Token Service simulator over HTTP (the default command).

Options:
  -p, --port <n>    port to listen on (env PORT; default ${DEFAULT_PORT}; 0 picks a free one)
  --host <addr>     address to bind (env HOST; default ${DEFAULT_HOST})
  --seed <n>        seed of generated values (env SIM_SEED; default ${DEFAULT_SEED})
  --now <iso|system> the fixed instant the clock starts at, or "system" for real time (env SIM_NOW)
  --fixtures <dir>  load the world from this fixture directory instead of fixtures/
  --size <n>        generate a coherent world of n debt tokens from the seed instead
  --scenario <name> start with this scenario active (env SIM_SCENARIO); see docs/scenarios.md
  --scenarios <dir> load more scenario files (*.json) from this directory (env SIM_SCENARIOS)
  --watch           reload the --scenarios and --fixtures directories when a file changes; a file
                    with a mistake is reported and its last good version kept; a fixture change
                    resets the seeded world and ends the sessions
  --record <file>   write the session's requests and responses as a scenario with steps to <file>
                    (on SIGINT/SIGTERM, and on POST /__sim/record/flush)
  --coverage-out <file>  write the API coverage report (JSON, docs/coverage.md) to <file> on
                    SIGINT/SIGTERM; GET /__sim/coverage answers it while the server runs
  --session-limit <n>  how many X-Sim-Session sessions may exist at once (default 100)
  --session-idle <s>   seconds an idle session lives (default 1800)
  --journal-size <n>   how many recent requests GET /__sim/journal keeps (default 500)
  --journal-body-limit <chars>
                       how much of each body the journal keeps (default and least 4096, at most
                       1048576): raise it to export long answers whole in GET /__sim/journal.har
  --max-records <n>    records the world, and each session, may hold beyond the seeded ones, a
                       debt token counting its parcels too (default 10000); a create beyond it
                       answers 507 until a reset
  --persist <dir>      keep the world's writes (records, payment ids, the clock if moved, resets)
                       in <dir> across restarts, each on disk before its answer (env SIM_PERSIST);
                       sessions are not kept. One server per directory
  --persist-reset      start <dir> over from the seeded world (also when it was written with
                       another seed or fixtures, which is refused otherwise)
  --shutdown-grace <s> on SIGINT/SIGTERM, seconds in-flight requests may take to finish (default 5)
  --control-origin <origins>  browser origins, comma-separated, that may use /__sim besides
                    loopback ones (env SIM_CONTROL_ORIGINS), e.g. https://qa.example.com
  --proxy <url>     forward API requests to the real service at <url> and answer with its answers,
                    each checked against the contract (drift goes to the log, the journal and the
                    dashboard); scenarios still switch chosen operations into errors; see docs/proxy.md
  --token <token>   with --proxy: send Authorization: Bearer <token> to the service instead of the
                    client's (env SIM_PROXY_TOKEN)
  --proxy-only <ids>    with --proxy: forward only these operations (comma-separated operation ids);
                    the simulator answers the others
  --proxy-except <ids>  with --proxy: forward every operation but these
  --proxy-timeout <ms>  with --proxy: how long the service may take to answer (default ${DEFAULT_PROXY_TIMEOUT_MS}); then 504
  --open            open the dashboard (/__sim/ui) in the default browser
  --quiet           no operations log (one line per request is the default)
  --verbose         the operations log with request and response bodies
  -h, --help        print this help

Control API (no Bearer needed): GET /__sim lists it; health, reset, state, journal, clock,
scenario, sessions, openapi.json; the dashboard at /__sim/ui. Per-client isolation: send
X-Sim-Session: <id>.`

interface Flag {
  name: string
  env?: string
}

const flags: readonly Flag[] = [
  { name: 'port', env: 'PORT' },
  { name: 'host', env: 'HOST' },
  { name: 'seed', env: 'SIM_SEED' },
  { name: 'now', env: 'SIM_NOW' },
  { name: 'fixtures' },
  { name: 'size', env: 'SIM_SIZE' },
  { name: 'scenario', env: 'SIM_SCENARIO' },
  { name: 'scenarios', env: 'SIM_SCENARIOS' },
  { name: 'record' },
  { name: 'coverage-out' },
  { name: 'session-limit' },
  { name: 'session-idle' },
  { name: 'journal-size' },
  { name: 'journal-body-limit' },
  { name: 'shutdown-grace' },
  { name: 'max-records' },
  { name: 'control-origin', env: 'SIM_CONTROL_ORIGINS' },
  { name: 'proxy', env: 'SIM_PROXY' },
  { name: 'token', env: 'SIM_PROXY_TOKEN' },
  { name: 'proxy-only' },
  { name: 'proxy-except' },
  { name: 'proxy-timeout' },
  { name: 'persist', env: 'SIM_PERSIST' },
]

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

/** Flags that take no value. */
const switches = ['quiet', 'verbose', 'watch', 'open', 'persist-reset'] as const

export function parseArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): ParsedArgs {
  const values: Record<string, string> = {}
  const on = new Set<string>()
  for (const flag of flags) if (flag.env !== undefined && env[flag.env]) values[flag.name] = env[flag.env]!
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] === '-p' ? '--port' : argv[i]!
    if (arg === '-h' || arg === '--help') return { kind: 'help', text: HELP }
    const toggle = switches.find((name) => arg === `--${name}`)
    if (toggle !== undefined) {
      on.add(toggle)
      continue
    }
    const [rawName, inline] = arg.startsWith('--') ? arg.slice(2).split(/=(.*)/s, 2) : [undefined, undefined]
    const flag = flags.find((candidate) => candidate.name === rawName)
    if (flag === undefined) return { kind: 'error', message: `unknown option ${arg}` }
    const value = inline ?? argv[++i]
    if (value === undefined || value.startsWith('--')) return { kind: 'error', message: `--${flag.name} needs a value` }
    values[flag.name] = value
  }
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
  const whole = (name: string, min: number, max: number): number | undefined | string => {
    if (values[name] === undefined) return undefined
    const value = Number(values[name])
    return Number.isInteger(value) && value >= min && value <= max
      ? value
      : `--${name} must be a whole number from ${min} to ${max}, got ${values[name]}`
  }
  const sessionLimit = whole('session-limit', 1, 10_000)
  const sessionIdle = whole('session-idle', 1, 31_536_000)
  const journalSize = whole('journal-size', 1, 100_000)
  const journalBodyLimit = whole('journal-body-limit', DEFAULT_JOURNAL_BODY_LIMIT, MAX_JOURNAL_BODY_LIMIT)
  const shutdownGrace = whole('shutdown-grace', 0, 3600)
  const maxRecords = whole('max-records', 0, 10_000_000)
  const controlOrigins = (values['control-origin'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
  for (const origin of controlOrigins) {
    const problem = browserOriginProblem(origin)
    // A browser compares the Origin it sends as text: any other spelling would silently allow nobody.
    if (problem !== undefined) return { kind: 'error', message: `--control-origin ${origin} ${problem}` }
  }
  for (const value of [sessionLimit, sessionIdle, journalSize, journalBodyLimit, shutdownGrace, maxRecords])
    if (typeof value === 'string') return { kind: 'error', message: value }
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
      sessionLimit: sessionLimit as number | undefined,
      sessionIdleMs: sessionIdle === undefined ? undefined : (sessionIdle as number) * 1000,
      journalSize: journalSize as number | undefined,
      journalBodyLimit: journalBodyLimit as number | undefined,
      shutdownGraceMs: ((shutdownGrace as number | undefined) ?? 5) * 1000,
      controlOrigins,
      maxRecords: maxRecords as number | undefined,
      open: on.has('open'),
      proxy,
      persist: values.persist,
      persistReset: on.has('persist-reset'),
    },
  }
}

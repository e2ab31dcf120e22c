import { DEFAULT_SEED } from '../../model/random.ts'
import { DEFAULT_JOURNAL_BODY_LIMIT, MAX_JOURNAL_BODY_LIMIT } from '../../observability/journal.ts'
import { DEFAULT_PROXY_TIMEOUT_MS } from '../../proxy/proxy-options.ts'
import { DEFAULT_HOST, DEFAULT_PORT } from '../standalone/server.ts'

export interface ServeOption {
  readonly name: string
  readonly short?: string
  /** The value's placeholder in the help (`<n>`); none for a switch. */
  readonly value?: string
  readonly env?: string
  readonly help: string
  /** A whole number, within these bounds. */
  readonly whole?: readonly [min: number, max: number]
}

/**
 * Every option of `serve`, declared once: args.ts parses by it, `--help` is printed from it, and
 * test/unit/serve-options.test.ts holds docs/development.md's table to it.
 */
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

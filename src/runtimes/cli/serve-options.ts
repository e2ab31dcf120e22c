import type { ServeFlag } from '../../control/wing.ts'
import { DEFAULT_SEED } from '../../model/random.ts'
import { DEFAULT_JOURNAL_BODY_LIMIT, MAX_JOURNAL_BODY_LIMIT } from '../../observability/journal.ts'
import { SERVER_WINGS } from '../../wings/server.ts'
import { DEFAULT_HOST, DEFAULT_PORT } from '../standalone/server.ts'

/** The core's options of `serve`; each wing declares its own (its `flags`). */
const CORE_OPTIONS: readonly ServeFlag[] = [
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
]

/** How the command runs, after the wings' options in the help. */
const COMMAND_OPTIONS: readonly ServeFlag[] = [
  { name: 'open', help: 'open the dashboard (/__sim/ui) in the default browser' },
  { name: 'quiet', help: 'no operations log (one line per request is the default)' },
  { name: 'verbose', help: 'the operations log with request and response bodies' },
  { name: 'help', short: 'h', help: 'print this help' },
]

/**
 * Every option of `serve`, declared once: args.ts parses by it, `--help` is printed from it, and
 * test/unit/serve-options.test.ts holds docs/development.md's table to it.
 */
export const SERVE_OPTIONS: readonly ServeFlag[] = [
  ...CORE_OPTIONS,
  ...SERVER_WINGS.flatMap((wing) => wing.flags ?? []),
  ...COMMAND_OPTIONS,
]

const HELP_WIDTH = 100
const FLAG_COLUMN = 28

/** An option's help: its flag, then its text (and environment variable) wrapped beside it. */
function helpLines(option: ServeFlag): string {
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

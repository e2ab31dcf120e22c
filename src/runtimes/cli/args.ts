/**
 * The command line of `serve`: flags and environment variables → options or a usage error, read from
 * one declaration of the options (serve-options.ts). Pure, so it is tested without starting anything.
 */

import { parseCommandArgs } from '../../command/command-args.ts'
import { parseInstant } from '../../contract/instants.ts'
import { GENERATED_SIZE_RULE, isGeneratedSize } from '../../model/generator/world-size.ts'
import { DEFAULT_SEED } from '../../model/random.ts'
import type { LogLevel } from '../../observability/operations-log.ts'
import type { OptionsOf } from '../../wings/compose.ts'
import { SERVER_WINGS } from '../../wings/server.ts'
import { browserOriginProblem } from '../standalone/browser-origin.ts'
import { DEFAULT_HOST, DEFAULT_PORT } from '../standalone/server.ts'
import { HELP, SERVE_OPTIONS } from './serve-options.ts'

/** What the wings read of the options, from their own flags. */
type WingOptions = Partial<OptionsOf<typeof SERVER_WINGS>>

interface CliOptions extends WingOptions {
  port: number
  host: string
  seed: number
  now: string | undefined
  fixtures: string | undefined
  size: number | undefined
  scenario: string | undefined
  scenarios: string | undefined
  watch: boolean
  log: LogLevel
  sessionLimit: number | undefined
  sessionIdleMs: number | undefined
  journalSize: number | undefined
  journalBodyLimit: number | undefined
  shutdownGraceMs: number
  controlOrigins: string[]
  maxRecords: number | undefined
  open: boolean
}

export type ParsedArgs =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'help'; text: string }
  | { kind: 'error'; message: string }

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
  const wings: WingOptions = {}
  for (const wing of SERVER_WINGS) {
    const options = wing.fromFlags?.({ values, on, env }) ?? {}
    if (typeof options === 'string') return { kind: 'error', message: options }
    Object.assign(wings, options)
  }
  return {
    kind: 'run',
    options: {
      ...wings,
      port,
      host: values.host ?? DEFAULT_HOST,
      seed,
      now: values.now,
      fixtures: values.fixtures,
      size,
      scenario: values.scenario,
      scenarios: values.scenarios,
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
    },
  }
}

/** The argument reading every subcommand shares: node:util's strict `parseArgs`, its errors as usage errors. */
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util'

export interface CommandArgs {
  readonly values: Readonly<Record<string, string>>
  readonly switches: ReadonlySet<string>
  readonly positionals: readonly string[]
}

export interface CommandSpec {
  readonly values?: readonly string[]
  readonly switches?: readonly string[]
  /** One-letter aliases: `{ p: 'port' }` makes `-p 80` mean `--port 80`. */
  readonly aliases?: Readonly<Record<string, string>>
}

export function parseCommandArgs(argv: readonly string[], spec: CommandSpec): CommandArgs | { error: string } {
  const short = (name: string) => Object.entries(spec.aliases ?? {}).find(([, long]) => long === name)?.[0]
  const options: ParseArgsOptionsConfig = {}
  for (const [names, type] of [
    [spec.values ?? [], 'string'],
    [spec.switches ?? [], 'boolean'],
  ] as const)
    for (const name of names) options[name] = { type, ...(short(name) !== undefined && { short: short(name) }) }
  try {
    const parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true, allowNegative: false })
    const values: Record<string, string> = {}
    const switches = new Set<string>()
    for (const [name, value] of Object.entries(parsed.values))
      if (typeof value === 'string') values[name] = value
      else if (value === true) switches.add(name)
    return { values, switches, positionals: parsed.positionals }
  } catch (error) {
    return { error: usageError(error, argv, spec) }
  }
}

/** parseArgs' error as a usage line naming the option as the command line wrote it. */
function usageError(error: unknown, argv: readonly string[], spec: CommandSpec): string {
  const { code, message } = error as { code?: string; message: string }
  const quoted = /--[^' ,=]+/.exec(message)?.[0] ?? /'(-[^' ,]+)/.exec(message)?.[1] ?? ''
  const long = quoted.startsWith('--') ? quoted.slice(2) : (spec.aliases?.[quoted.slice(1)] ?? quoted)
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return `unknown option ${argv.find((arg) => arg === quoted || arg.startsWith(`${quoted}=`)) ?? quoted}`
  if (code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw error
  if (spec.switches?.includes(long)) return `--${long} takes no value`
  // A value that starts with a dash reads as the next option unless joined: --seed=-5.
  return message.includes('ambiguous')
    ? `--${long} needs a value (write --${long}=<value> for one that starts with -)`
    : `--${long} needs a value`
}

/**
 * The small argument parser the subcommands share: `--name value` and `--name=value` for the
 * options a command declares (with one-letter aliases), switches without a value, and the rest as
 * positionals. Anything else is a usage error naming it.
 */
export interface CommandArgs {
  readonly values: Readonly<Record<string, string>>
  readonly switches: ReadonlySet<string>
  readonly positionals: readonly string[]
}

export interface CommandSpec {
  /** Options that take a value, by long name. */
  readonly values?: readonly string[]
  /** Options without a value, by long name. */
  readonly switches?: readonly string[]
  /** One-letter aliases: `{ p: 'port' }` makes `-p 80` mean `--port 80`. */
  readonly aliases?: Readonly<Record<string, string>>
}

export function parseCommandArgs(argv: readonly string[], spec: CommandSpec): CommandArgs | { error: string } {
  const values: Record<string, string> = {}
  const switches = new Set<string>()
  const positionals: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg)
      continue
    }
    const alias = /^-([A-Za-z])$/.exec(arg)?.[1]
    const [name, inline] =
      alias !== undefined
        ? [spec.aliases?.[alias], undefined]
        : arg.startsWith('--')
          ? arg.slice(2).split(/=(.*)/s, 2)
          : [undefined, undefined]
    if (name !== undefined && spec.switches?.includes(name) && inline === undefined) {
      switches.add(name)
    } else if (name !== undefined && spec.values?.includes(name)) {
      const value = inline ?? argv[++i]
      if (value === undefined || (inline === undefined && value.startsWith('--')))
        return { error: `--${name} needs a value` }
      values[name] = value
    } else {
      return { error: `unknown option ${arg}` }
    }
  }
  return { values, switches, positionals }
}

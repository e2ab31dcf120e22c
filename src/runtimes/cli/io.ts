/** Where a subcommand writes: the console in the command, a buffer in tests. */
export interface CommandOutput {
  out(text: string): void
  err(text: string): void
}

export const consoleOutput: CommandOutput = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
}

/** Whether `argv` asks for help (`-h`, `--help`). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('-h') || argv.includes('--help')
}

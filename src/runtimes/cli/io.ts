/** Where a subcommand writes: the console in the command, a buffer in tests. */
export interface CommandOutput {
  out(text: string): void
  err(text: string): void
}

export const consoleOutput: CommandOutput = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
}

export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('-h') || argv.includes('--help')
}

/** The command line's helpers, below everything that brings a subcommand (decision 0027: each loads on use). */

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

/** A subcommand: its help, and what it does with its arguments (an exit code, or undefined while a server runs). */
export interface Command {
  readonly help: string
  run(
    argv: readonly string[],
    output: CommandOutput,
    env: Readonly<Record<string, string | undefined>>,
  ): number | undefined | Promise<number | undefined>
}

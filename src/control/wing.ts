/**
 * What a wing is to the composition root (src/wings/compose.ts, decision 0029): what it gives the
 * core before it is made (`prepare`), and what it adds once it is (`attach`).
 */
import type { Command } from '../command/command.ts'
import type { SimRequest } from '../http/sim-request.ts'
import type { SimulatorCore, SimulatorOptions } from '../simulator-core.ts'

/** What the runtime that composes a simulator gives each wing. */
export interface WingHost {
  /** Where a wing says what goes wrong beside a request: a file it could not write, its directory's warnings. */
  readonly warn: (line: string) => void
  /** Throws for a caller the control API would not answer (a server's admission): the proxy lends its token past it only. */
  readonly admitTokenCaller?: ((request: SimRequest) => void) | undefined
}

/** What the core takes from the wings as it is made. */
export type CoreParts = Pick<SimulatorOptions, 'forwarder' | 'persistence'>

/** What writing a wing's files at close said: a line per file written, one per file that could not be. */
export interface FilesWritten {
  readonly written: readonly string[]
  readonly failed: readonly string[]
}

/** What the composition root collects of every wing rather than hands on: files written at close, readiness. */
export interface CollectedParts {
  /** Writes the wing's files now, synchronously: a server closing, or a process that must exit at once. */
  readonly writeFilesSync?: (() => FilesWritten) | undefined
  /** Resolves once what `writeFilesSync` needs is loaded. */
  readonly ready?: Promise<unknown> | undefined
}

/** One option of `serve`, as its command line and its help show it. */
export interface ServeFlag {
  readonly name: string
  readonly short?: string
  /** The value's placeholder in the help (`<n>`); none for a switch. */
  readonly value?: string
  readonly env?: string
  readonly help: string
  /** A whole number, within these bounds. */
  readonly whole?: readonly [min: number, max: number]
}

/** What a command line gave: each flag's value by name (its environment variable read), and the switches on. */
export interface FlagValues {
  readonly values: Readonly<Record<string, string>>
  readonly on: ReadonlySet<string>
  readonly env: Readonly<Record<string, string | undefined>>
}

export interface Wing<Options extends object = SimulatorOptions, Parts extends object = object> {
  readonly name: string
  /** Its options of `serve`: parsed by the command, printed in its help, held to docs' table by a test. */
  readonly flags?: readonly ServeFlag[]
  /** Its options from what the command line gave, or a usage problem naming the flag. */
  fromFlags?(given: FlagValues): Partial<Options> | string
  /** What a server started with `options` says of this wing in its "listening" line, if anything. */
  describe?(options: Options): string | undefined
  /** The usage error the command says for `error`, thrown as a server started, when it is this wing's refusal. */
  refusal?(error: unknown): string | undefined
  /** Its subcommands by name, each loaded on use (a Node descriptor's only: they read and write files). */
  readonly commands?: Readonly<Record<string, () => Promise<Command>>>
  /** What the core takes from this wing; a bad option throws here, before anything is made. */
  prepare?(options: Options, host: WingHost): Partial<CoreParts> | undefined
  /**
   * Adds this wing to `simulator`, which was made from `options` and what every `prepare` gave. The
   * members it returns are the runtime's to take (surface members, a recording to feed), but
   * `CollectedParts`, which the root collects.
   */
  attach?(simulator: SimulatorCore, options: Options & Partial<CoreParts>, host: WingHost): Parts & CollectedParts
}

/**
 * The composition root (decision 0029): the core from the options and what the wings prepare, then
 * each wing attached, reading its own part of the options. In-process runtimes compose synchronously;
 * a server also starts a scenario and waits until every wing can write its files.
 */
import type { CollectedParts, CoreParts, FilesWritten, Wing, WingHost } from '../control/wing.ts'
import { createSimulatorCore, type SimulatorCore, type SimulatorOptions } from '../simulator-core.ts'

// biome-ignore lint/suspicious/noExplicitAny: any wing, whatever its options and parts
type AnyWing = Wing<any, any>
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never
// biome-ignore lint/suspicious/noExplicitAny: a wing's parts, whatever its options
type PartsOfWing<X> = X extends Wing<any, infer Parts> ? Parts : never
// biome-ignore lint/suspicious/noExplicitAny: a wing's options, whatever its parts
type OptionsOfWing<X> = X extends Wing<infer Options, any> ? Options : never
/** What the wings of `W` give a runtime: every part of every wing, but the collected ones. */
type PartsOf<W extends readonly AnyWing[]> = Omit<Intersection<PartsOfWing<W[number]>>, keyof CollectedParts>
/** What the wings of `W` read of the options they are composed with, besides the core's. */
export type OptionsOf<W extends readonly AnyWing[]> = Intersection<OptionsOfWing<W[number]>>

export interface Composed<W extends readonly AnyWing[]> {
  readonly simulator: SimulatorCore
  readonly parts: PartsOf<W>
  /** Every wing's files written now, synchronously. */
  writeFilesSync(): FilesWritten
  /** Resolves once every wing is ready (its storage loaded, what its files need); none when none waits. */
  readonly ready: Promise<unknown> | undefined
}

const DEFAULT_HOST: WingHost = { warn: (line) => console.warn(`debt-token-simulator: ${line}`) }

/** The options with what each wing prepares for the core (a bad option throws here, before anything is made). */
function prepare(options: SimulatorOptions, wings: readonly AnyWing[], host: WingHost) {
  const prepared: SimulatorOptions & Partial<CoreParts> = { ...options }
  for (const wing of wings) Object.assign(prepared, wing.prepare?.(prepared, host))
  return prepared
}

function attach<W extends readonly AnyWing[]>(
  simulator: SimulatorCore,
  prepared: SimulatorOptions & Partial<CoreParts>,
  wings: W,
  host: WingHost,
): Composed<W> {
  const parts: Record<string, unknown> = {}
  const writers: (() => FilesWritten)[] = []
  const waits: Promise<unknown>[] = []
  for (const wing of wings) {
    const { writeFilesSync, ready, ...rest } = (wing.attach?.(simulator, prepared, host) ?? {}) as CollectedParts
    Object.assign(parts, rest)
    if (writeFilesSync !== undefined) writers.push(writeFilesSync)
    if (ready !== undefined) waits.push(ready)
  }
  return {
    simulator,
    parts: parts as PartsOf<W>,
    writeFilesSync() {
      const said = writers.map((write) => write())
      return { written: said.flatMap((s) => s.written), failed: said.flatMap((s) => s.failed) }
    },
    ready: waits.length === 0 ? undefined : Promise.all(waits),
  }
}

/** A simulator composed of the core and `wings`, in-process. */
export function composeSimulator<const W extends readonly AnyWing[]>(
  options: SimulatorOptions & OptionsOf<W>,
  wings: W,
  host: WingHost = DEFAULT_HOST,
): Composed<W> {
  const prepared = prepare(options, wings, host)
  return attach(createSimulatorCore(prepared), prepared, wings, host)
}

/**
 * A simulator composed for a server, or `existing` (made elsewhere: the wings still check their
 * options and attach), with `scenario` active from the start. What fails after the core was made
 * here lets go of what it took (its persistence directory) before the error is thrown.
 */
export async function composeServedSimulator<const W extends readonly AnyWing[]>(
  options: SimulatorOptions & OptionsOf<W> & { readonly scenario?: string | undefined },
  wings: W,
  host: WingHost,
  existing?: SimulatorCore,
): Promise<Composed<W>> {
  const prepared = prepare(options, wings, host)
  const simulator = existing ?? createSimulatorCore(prepared)
  try {
    // An unknown name throws, listing the available ones; a recording starts with its rules.
    if (options.scenario !== undefined) simulator.scenarios.use(options.scenario)
    const composed = attach(simulator, prepared, wings, host)
    await composed.ready
    return composed
  } catch (error) {
    if (existing === undefined) await simulator.close()
    throw error
  }
}

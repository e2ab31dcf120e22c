/** `scenarios from-har`: a HAR file becomes a scenario file, and with --world fixtures (har-import.ts). */

import type { CommandOutput } from '../command/command.ts'
import { parseCommandArgs } from '../command/command-args.ts'
import { FixtureError } from '../model/world.ts'
import { leftOutPhrases } from './har-exchanges.ts'
import { HarError } from './har-file.ts'
import { importHarFile } from './har-import.ts'

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** `scenarios from-har`'s arguments (what follows `from-har`): converts; the exit code. */
export function scenariosFromHar(argv: readonly string[], output: CommandOutput, help: string): number {
  const parsed = parseCommandArgs(argv, { values: ['out', 'world'], aliases: { o: 'out' } })
  if ('error' in parsed || parsed.positionals.length !== 1) {
    const problem =
      'error' in parsed
        ? parsed.error
        : parsed.positionals.length === 0
          ? 'give the HAR file to convert'
          : `one HAR file at a time, got ${parsed.positionals.join(' ')}`
    output.err(`scenarios from-har: ${problem}\n\n${help}`)
    return 2
  }
  const [har] = parsed.positionals as [string]
  const { out, world } = parsed.values
  // The scenario on stdout keeps stdout for it alone: the summary goes to stderr then.
  const say = out === '-' ? output.err : output.out
  let result: ReturnType<typeof importHarFile>
  try {
    result = importHarFile({ har, out, world })
  } catch (error) {
    if (error instanceof HarError || error instanceof FixtureError) {
      output.err(`scenarios from-har: ${error.message} (nothing written)`)
      return 1
    }
    throw error
  }
  if (result.out === undefined) output.out(result.text.trimEnd())
  const steps = result.scenario.steps?.length ?? 0
  say(
    `${result.out === undefined ? 'converted' : `wrote ${result.out}`}: ${plural(steps, 'step')} from ${result.entries} ${result.entries === 1 ? 'entry' : 'entries'} of ${har}`,
  )
  for (const phrase of leftOutPhrases(result.leftOut)) say(`  left out ${phrase}`)
  for (const note of result.notes.filter((text) => text.startsWith('entries['))) say(`  note: ${note}`)
  if (result.world !== undefined) {
    const counts = Object.entries(result.world.counts)
      .filter(([, count]) => count > 0)
      .map(([table, count]) => `${count} ${table}`)
    say(`wrote the world to ${result.world.dir}: ${counts.length === 0 ? 'no records' : counts.join(', ')}`)
    if (result.world.created > 0)
      say(
        `  left out of the world ${plural(result.world.created, 'record')} the session created (it starts where the session did)`,
      )
    for (const conflict of result.world.conflicts) say(`  read twice with other values: ${conflict}`)
    if (result.world.unlinked > 0)
      say(
        `  left out of the world ${plural(result.world.unlinked, 'record')} naming a security token the HAR did not show`,
      )
    say(`serve it:  npx debt-token-simulator --fixtures ${result.world.dir}`)
  }
  if (result.out !== undefined)
    say(`replay it: npx debt-token-simulator replay ${result.out} --url <base> --token <token>`)
  return 0
}

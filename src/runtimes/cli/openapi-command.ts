/** `debt-token-simulator openapi [--out <file>] [--server <url>]`: the OpenAPI 3.1 document of the simulated API. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { CommandOutput } from '../../command/command.ts'
import { parseCommandArgs } from '../../command/command-args.ts'
import { buildOpenApiDocument } from '../../contract/openapi.ts'

export const OPENAPI_HELP = `Usage: debt-token-simulator openapi [options]

Prints the OpenAPI 3.1 document of the simulated API (the same as GET /__sim/openapi.json).

Options:
  --out <file>    write it to <file> instead of printing it
  --server <url>  the server URL the document names (default http://127.0.0.1:4010)
  -h, --help      print this help`

export function openapiCommand(argv: readonly string[], output: CommandOutput): number {
  const parsed = parseCommandArgs(argv, { values: ['out', 'server'] })
  if ('error' in parsed || parsed.positionals.length > 0) {
    output.err(
      `openapi: ${'error' in parsed ? parsed.error : `unexpected argument ${parsed.positionals[0]}`}\n\n${OPENAPI_HELP}`,
    )
    return 2
  }
  const text = `${JSON.stringify(buildOpenApiDocument({ serverUrl: parsed.values.server ?? 'http://127.0.0.1:4010' }), null, 2)}\n`
  if (parsed.values.out === undefined) {
    output.out(text.trimEnd())
    return 0
  }
  const target = resolve(parsed.values.out)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, text)
  output.out(`wrote ${target}`)
  return 0
}

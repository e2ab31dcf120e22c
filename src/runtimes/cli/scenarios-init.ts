/** `scenarios init`: writes a starter scenario file whose `$schema` resolves from where it is; never replaces one. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CommandOutput } from '../../command/command.ts'
import { parseCommandArgs } from '../../command/command-args.ts'
import { withSchemaReference } from '../../files/schema-reference.ts'
import { MAX_SCENARIO_NAME_LENGTH, SCENARIO_NAME, SCENARIO_NAME_RULE } from '../../scenarios/scenario-catalog.ts'

const DEFAULT_NAME = 'my-scenario'

/** The starter: a rule to edit and the steps that show it, so the format is there to read; replay passes it. */
const STARTER = {
  description:
    'A starter scenario: every 2nd list of security tokens answers 503 with Retry-After; everything else behaves normally. Edit the rules and steps: your editor completes them from $schema.',
  rules: [
    {
      operation: 'listSecurityTokens',
      description: 'The backend is overloaded on every 2nd call.',
      every: 2,
      respond: {
        status: 503,
        message: 'Service temporarily unavailable',
        headers: { 'retry-after': '1' },
      },
    },
  ],
  steps: [
    {
      name: 'the 1st list answers',
      request: { method: 'GET', path: '/securityToken' },
      expect: { status: 200, body: { $minLength: 1 } },
    },
    {
      name: 'the 2nd list answers 503',
      request: { method: 'GET', path: '/securityToken' },
      expect: {
        status: 503,
        body: { statusCode: '503', message: 'Service temporarily unavailable' },
        headers: { 'retry-after': '1' },
      },
    },
  ],
}

const reason = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))

/** `scenarios init`'s arguments (what follows `init`): writes the starter; the exit code. */
export function initScenario(argv: readonly string[], output: CommandOutput, help: string): number {
  const parsed = parseCommandArgs(argv, { values: ['name'] })
  if ('error' in parsed || parsed.positionals.length > 1) {
    const problem = 'error' in parsed ? parsed.error : `one directory at most, got ${parsed.positionals.join(' ')}`
    output.err(`scenarios init: ${problem}\n\n${help}`)
    return 2
  }
  const directory = parsed.positionals[0] ?? '.'
  const name = parsed.values.name ?? DEFAULT_NAME
  const fileName = name.replace(/\.json$/i, '')
  // A `.schema` name would be skipped as a JSON Schema when its directory is loaded.
  if (!SCENARIO_NAME.test(fileName) || fileName.length > MAX_SCENARIO_NAME_LENGTH || fileName.endsWith('.schema')) {
    output.err(`scenarios init: --name ${JSON.stringify(name)}: ${SCENARIO_NAME_RULE}, not ending in .schema`)
    return 2
  }
  const file = join(directory, `${fileName}.json`)
  try {
    mkdirSync(directory, { recursive: true })
  } catch (error) {
    output.err(`scenarios init: cannot create the directory ${directory} (${reason(error)})`)
    return 2
  }
  const scenario = withSchemaReference(STARTER, directory)
  try {
    // `wx`: created exclusively, so an existing file (or a link planted at the name) is never replaced.
    writeFileSync(file, `${JSON.stringify(scenario, null, 2)}\n`, { flag: 'wx' })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    output.err(
      code === 'EEXIST'
        ? `scenarios init: ${file} already exists; it is left as it is (remove it, or choose another --name or directory)`
        : `scenarios init: cannot write ${file} (${reason(error)})`,
    )
    return 2
  }
  output.out(`wrote ${file} ("$schema": ${JSON.stringify(scenario.$schema)})`)
  output.out(`check it:  npx debt-token-simulator scenarios validate ${file}`)
  output.out(`replay it: npx debt-token-simulator replay ${file}`)
  output.out(`serve it:  npx debt-token-simulator --scenarios ${directory} --scenario ${fileName} --watch`)
  return 0
}

/** `scenarios`: lists the scenario files `serve` would load here, and runs `validate`, `init` and `from-har`. */
import { statSync } from 'node:fs'
import type { CommandOutput } from '../../command/command.ts'
import { parseCommandArgs } from '../../command/command-args.ts'
import {
  isSchemaFile,
  loadScenarioDirectory,
  loadScenarioFile,
  scenarioFilesIn,
} from '../../scenarios/load-scenarios.ts'
import type { Scenario } from '../../scenarios/scenario-schema.ts'
import { shippedScenarios } from '../../scenarios/shipped-scenarios.ts'
import { loadFromHarCommand } from '../../wings/server.ts'
import { initScenario } from './scenarios-init.ts'

export const SCENARIOS_HELP = `Usage: debt-token-simulator scenarios [options]
       debt-token-simulator scenarios validate <scenario.json|directory>...
       debt-token-simulator scenarios init [directory] [--name <name>]
       debt-token-simulator scenarios from-har <file.har> [--out <file>] [--world <dir>]

Lists by name, with their descriptions, the scenario files a server started here with the same
--scenarios would load: the ones this package ships and, with --scenarios, those of a directory (a
same name replaces a shipped one, as in serve --scenarios). It reads the files; it asks no running
server (a running server lists its own at GET /__sim/scenarios).
"validate" checks scenario files (a directory stands for its *.json but *.schema.json) and exits 1
when one has a mistake, printing the file and the path of the bad field.
"init" writes a starter scenario, <directory>/<name>.json (default ./my-scenario.json), whose
"$schema" points at this package's scenario.schema.json from there, so editors complete it; it
never replaces a file (exit 2).
"from-har" turns a HAR file (saved from a browser's Network panel, Playwright's recordHar, Charles,
mitmproxy; at most 50 MB) into a scenario whose steps are its requests to the API, whatever the
host: by default <file>.scenario.json beside it (--out - prints it). It prints what it left out
(assets, other paths, preflights) by reason; --world <dir> (new or empty) also writes the fixture
files of the records the answers showed, for serve --fixtures <dir>. A file it cannot convert
exits 1 naming the entry and field, and nothing is written. docs/har-import.md.

Options:
  --scenarios <dir>  also list the scenario files of this directory (env SIM_SCENARIOS)
  --json             print [{ name, source, description, rules, steps }] as JSON
  --name <name>      init: the scenario's name, its file's name without .json (default my-scenario)
  --out <file>       from-har: the scenario file (default <file>.scenario.json beside the HAR; - prints it)
  --world <dir>      from-har: also write the world the HAR saw as fixture files into this new directory
  -h, --help         print this help`

interface Listed {
  name: string
  source: string
  description: string
  rules: number
  steps: number
}

function listed(name: string, source: string, scenario: Scenario): Listed {
  return {
    name,
    source,
    description: scenario.description ?? '',
    rules: scenario.rules?.length ?? 0,
    steps: scenario.steps?.length ?? 0,
  }
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`
const counts = (rules: number, steps: number) => `${plural(rules, 'rule')}, ${plural(steps, 'step')}`

function validate(paths: readonly string[], output: CommandOutput): number {
  if (paths.length === 0) {
    output.err(`scenarios validate: give at least one scenario file or directory\n\n${SCENARIOS_HELP}`)
    return 2
  }
  let failed = 0
  let checked = 0
  for (const path of paths) {
    let files: string[]
    try {
      files = statSync(path).isDirectory() ? scenarioFilesIn(path) : isSchemaFile(path) ? [] : [path]
    } catch {
      files = [path] // a missing file is reported by the loader, with its name
    }
    for (const file of files) {
      checked++
      try {
        const scenario = loadScenarioFile(file)
        output.out(`ok   ${file} (${counts(scenario.rules?.length ?? 0, scenario.steps?.length ?? 0)})`)
      } catch (error) {
        failed++
        output.err(`FAIL ${(error as Error).message}`)
      }
    }
  }
  output.out(`${plural(checked, 'scenario file')} checked: ${checked - failed} valid, ${failed} with mistakes`)
  return failed > 0 || checked === 0 ? 1 : 0
}

export function scenariosCommand(
  argv: readonly string[],
  output: CommandOutput,
  env: Readonly<Record<string, string | undefined>> = {},
): number | Promise<number> {
  if (argv[0] === 'validate') return validate(argv.slice(1), output)
  if (argv[0] === 'init') return initScenario(argv.slice(1), output, SCENARIOS_HELP)
  if (argv[0] === 'from-har')
    return loadFromHarCommand().then(({ scenariosFromHar }) => scenariosFromHar(argv.slice(1), output, SCENARIOS_HELP))
  const parsed = parseCommandArgs(argv, { values: ['scenarios'], switches: ['json'] })
  if ('error' in parsed || parsed.positionals.length > 0) {
    output.err(
      `scenarios: ${'error' in parsed ? parsed.error : `unknown subcommand ${parsed.positionals[0]}`}\n\n${SCENARIOS_HELP}`,
    )
    return 2
  }
  const directory = parsed.values.scenarios ?? env.SIM_SCENARIOS
  const byName = new Map<string, Listed>()
  for (const [name, scenario] of Object.entries(shippedScenarios())) byName.set(name, listed(name, 'shipped', scenario))
  if (directory !== undefined) {
    for (const [name, scenario] of Object.entries(loadScenarioDirectory(directory)))
      byName.set(name, listed(name, directory, scenario))
  }
  const rows = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))
  if (parsed.switches.has('json')) {
    output.out(JSON.stringify(rows, null, 2))
    return 0
  }
  const width = Math.max(...rows.map((row) => row.name.length), 4)
  for (const row of rows) {
    output.out(
      `${row.name.padEnd(width)}  ${row.description} (${counts(row.rules, row.steps)}${row.source === 'shipped' ? '' : `, ${row.source}`})`,
    )
  }
  return 0
}

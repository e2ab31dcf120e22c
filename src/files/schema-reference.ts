/**
 * The `$schema` a scenario file written into a directory points at, so that editors complete it
 * wherever it lives (Node only): the relative path to the schema in the package that directory's
 * project resolves, or, with no installed package near (`npx` elsewhere), this version's CDN URL.
 */
import { existsSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import packageJson from '../../package.json' with { type: 'json' }

const PACKAGE_NAME = 'debt-token-simulator'

/** Where the schema sits inside the package (package.json "files" ships `scenarios/`). */
const SCHEMA_IN_PACKAGE = 'scenarios/scenario.schema.json'

/** The schema of this version, for a file no installed package is near. */
const SCENARIO_SCHEMA_URL = `https://unpkg.com/${PACKAGE_NAME}@${packageJson.version}/${SCHEMA_IN_PACKAGE}`

/** The schema file of the package a project in `directory` would import, if there is one. */
function installedSchema(directory: string): string | undefined {
  try {
    // createRequire wants a file's path, which need not exist. node:module is not imported: the bundler
    // would hoist it into the chunk every entry shares, the browser's included.
    const { createRequire } = process.getBuiltinModule('node:module')
    const manifest = createRequire(join(directory, 'noop.js')).resolve(`${PACKAGE_NAME}/package.json`)
    const schema = join(dirname(manifest), SCHEMA_IN_PACKAGE)
    return existsSync(schema) ? schema : undefined
  } catch {
    return undefined
  }
}

/** The `$schema` for a scenario file written into `directory`. */
function scenarioSchemaReference(directory: string): string {
  const from = resolve(directory)
  const schema = installedSchema(from)
  if (schema === undefined) return SCENARIO_SCHEMA_URL
  const path = relative(from, schema).split(sep).join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/** `scenario` with `$schema` first, pointing at the schema from `directory` (a `$schema` it had is replaced). */
export function withSchemaReference(scenario: object, directory: string): Record<string, unknown> {
  const written: Record<string, unknown> = { $schema: scenarioSchemaReference(directory) }
  for (const [key, value] of Object.entries(scenario)) if (key !== '$schema') written[key] = value
  return written
}

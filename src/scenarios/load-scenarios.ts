/**
 * Reads scenario files from disk (Node only): one file, or every `*.json` of a directory but
 * `*.schema.json`. A scenario is named after its file; every error names the file as given.
 */
import { readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { MAX_JSON_DEPTH, nestedDeeperThan, withoutBom } from '../contract/json-text.ts'
import { readDataFile } from '../model/read-data-file.ts'
import { SCENARIO_NAME } from './scenario-catalog.ts'
import { parseScenario, type Scenario, ScenarioError } from './scenario-schema.ts'

const SCHEMA_FILE_SUFFIX = '.schema.json'

export function scenarioNameOf(file: string): string {
  return basename(file).replace(/\.json$/i, '')
}

export function isSchemaFile(file: string): boolean {
  return file.endsWith(SCHEMA_FILE_SUFFIX)
}

/**
 * Reads one scenario file's text; a file that cannot be read, is not a regular file or is over
 * MAX_DATA_FILE_BYTES is a ScenarioError naming it.
 */
export function readScenarioText(file: string): string {
  try {
    return readDataFile(file)
  } catch (error) {
    throw new ScenarioError(file, [{ path: '', message: `cannot be read: ${(error as Error).message}` }])
  }
}

export function loadScenarioFile(file: string): Scenario {
  return parseScenarioText(readScenarioText(file), file)
}

export function parseScenarioText(text: string, file: string): Scenario {
  if (nestedDeeperThan(text))
    throw new ScenarioError(file, [{ path: '', message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` }])
  let raw: unknown
  try {
    raw = JSON.parse(withoutBom(text))
  } catch (error) {
    throw new ScenarioError(file, [{ path: '', message: `not valid JSON: ${(error as Error).message}` }])
  }
  const name = scenarioNameOf(file)
  if (!SCENARIO_NAME.test(name)) {
    throw new ScenarioError(file, [
      {
        path: '',
        message: 'the file name must start with a letter or digit and hold only letters, digits, ".", "_" and "-"',
      },
    ])
  }
  return parseScenario(raw, file)
}

/** The scenario files of a directory (`*.json` but `*.schema.json`), in name order. */
export function scenarioFilesIn(directory: string): string[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json') && !isSchemaFile(file))
    .sort()
    .map((file) => join(directory, file))
}

export function loadScenarioDirectory(directory: string): Record<string, Scenario> {
  const scenarios: Record<string, Scenario> = {}
  for (const file of scenarioFilesIn(directory)) scenarios[scenarioNameOf(file)] = loadScenarioFile(file)
  return scenarios
}

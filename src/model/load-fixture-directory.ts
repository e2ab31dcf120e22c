/**
 * Reads a fixture directory from disk (Node only). Loading is loud: a missing directory or table file
 * fails naming what is missing; only platform.json is optional. An empty world is files holding `[]`
 * (fixtures/empty/). Validation is `parseWorld`'s.
 */
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { MAX_JSON_DEPTH, nestedDeeperThan, withoutBom } from '../contract/json-text.ts'
import { readDataFile } from './read-data-file.ts'
import { FixtureError, fixtureFiles, parseWorld, type World } from './world.ts'

/** One file per table. */
const requiredFixtureFiles: readonly string[] = Object.entries(fixtureFiles)
  .filter(([name]) => name !== 'platform')
  .map(([, file]) => file)

const optionalFixtureFiles: readonly string[] = [fixtureFiles.platform]

const EXPECTED =
  `expected files: ${requiredFixtureFiles.join(', ')}, ${optionalFixtureFiles.map((file) => `${file} (optional)`).join(', ')}` +
  '; an empty table is a file holding [] (as in fixtures/empty/)'

export function loadFixtureDirectory(directory: string): World {
  let isDirectory: boolean
  try {
    isDirectory = statSync(directory).isDirectory()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why =
      code === 'ENOENT'
        ? 'no such fixture directory'
        : `cannot read the fixture directory (${(error as Error).message})`
    throw new FixtureError(directory, '', `${why}; ${EXPECTED}`)
  }
  if (!isDirectory) throw new FixtureError(directory, '', `not a directory; ${EXPECTED}`)
  const missing = requiredFixtureFiles.filter((file) => !existsSync(join(directory, file)))
  if (missing.length > 0) {
    throw new FixtureError(directory, '', `incomplete fixture directory, missing ${missing.join(', ')}; ${EXPECTED}`)
  }

  const files: Record<string, unknown> = {}
  for (const file of Object.values(fixtureFiles)) {
    const path = join(directory, file)
    if (!existsSync(path)) continue // only an optional file can be absent here
    let text: string
    try {
      text = readDataFile(path)
    } catch (error) {
      throw new FixtureError(path, '', `cannot be read: ${(error as Error).message}`)
    }
    if (nestedDeeperThan(text)) throw new FixtureError(path, '', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`)
    try {
      files[file] = JSON.parse(withoutBom(text))
    } catch (error) {
      throw new FixtureError(path, '', `not valid JSON: ${(error as Error).message}`)
    }
  }
  return parseWorld(files, directory.endsWith('/') ? directory : `${directory}/`)
}

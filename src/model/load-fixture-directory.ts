/**
 * Reads a fixture directory from disk (Node only): each known file that exists is parsed as JSON;
 * a file that is not valid JSON fails with its name. Validation is `parseWorld`'s.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FixtureError, type World, fixtureFiles, parseWorld } from './world.ts'

export function loadFixtureDirectory(directory: string): World {
  const files: Record<string, unknown> = {}
  for (const file of Object.values(fixtureFiles)) {
    const path = join(directory, file)
    if (!existsSync(path)) continue
    try {
      files[file] = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      throw new FixtureError(path, '', `not valid JSON: ${(error as Error).message}`)
    }
  }
  return parseWorld(files, directory.endsWith('/') ? directory : `${directory}/`)
}

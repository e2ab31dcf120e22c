/**
 * Writes the default fixtures (fixtures/*.json) from the seeded generator. Run `npm run fixtures`
 * after changing the generator; the output is committed and is what a fresh simulator loads.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_NOW } from '../src/model/clock.ts'
import { generateWorld } from '../src/model/generate-world.ts'
import { DEFAULT_SEED } from '../src/model/random.ts'
import { fixtureFiles, parseWorld, tableNames } from '../src/model/world.ts'

const directory = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures')
const world = generateWorld({ seed: DEFAULT_SEED, debtTokens: 15, now: new Date(DEFAULT_NOW) })
const files: Record<string, unknown> = { [fixtureFiles.platform]: world.platform }
for (const name of tableNames) files[fixtureFiles[name]] = world[name]
parseWorld(files) // the generator must write fixtures the loader accepts
mkdirSync(directory, { recursive: true })
for (const [file, content] of Object.entries(files))
  writeFileSync(join(directory, file), `${JSON.stringify(content, null, 2)}\n`)
console.log(`wrote ${Object.keys(files).length} files to ${directory}`)

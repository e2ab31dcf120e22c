/**
 * Writes the default fixtures (fixtures/*.json) from the seeded generator. Run `npm run fixtures`
 * after changing the generator; the output is committed and is what a fresh simulator loads.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateFixtureFiles } from './fixture-files.ts'

const directory = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures')
const files = generateFixtureFiles()
mkdirSync(directory, { recursive: true })
for (const [file, text] of Object.entries(files)) writeFileSync(join(directory, file), text)
console.log(`wrote ${Object.keys(files).length} files to ${directory}`)

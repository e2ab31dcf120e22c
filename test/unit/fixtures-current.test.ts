/** The committed default fixtures are what the seeded generator writes (`npm run fixtures`). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { generateFixtureFiles } from '../../scripts/fixture-files.ts'

it('matches what the generator writes (run npm run fixtures after changing the generator)', () => {
  const directory = join(import.meta.dirname, '../../fixtures')
  for (const [file, text] of Object.entries(generateFixtureFiles()))
    expect(readFileSync(join(directory, file), 'utf8'), `fixtures/${file}`).toBe(text)
})

/**
 * The default fixtures (fixtures/*.json) as the seeded generator writes them, file name → text:
 * what `npm run fixtures` writes and what test/unit/fixtures-current.test.ts compares with the
 * committed files.
 */
import { DEFAULT_NOW } from '../src/model/clock.ts'
import { generateWorld } from '../src/model/generate-world.ts'
import { DEFAULT_SEED } from '../src/model/random.ts'
import { provideFakerLocale } from '../src/model/seeded-faker.ts'
import { fixtureFiles, parseWorld, tableNames } from '../src/model/world.ts'
import { fakerLocaleSource } from '../src/runtimes/msw/node-faker.ts'

// Without a runtime: faker's locale handed over as the Node entries do.
provideFakerLocale(fakerLocaleSource)

export function generateFixtureFiles(): Record<string, string> {
  const world = generateWorld({ seed: DEFAULT_SEED, debtTokens: 15, now: new Date(DEFAULT_NOW) })
  const files: Record<string, unknown> = { [fixtureFiles.platform]: world.platform }
  for (const name of tableNames) files[fixtureFiles[name]] = world[name]
  // The generator must write fixtures the loader accepts, and they are written as it returns them
  // (fields in the records' order): a simulator takes the default ones unparsed (default-fixtures.ts).
  const parsed = parseWorld(files)
  const written: Record<string, unknown> = { [fixtureFiles.platform]: parsed.platform }
  for (const name of tableNames) written[fixtureFiles[name]] = parsed[name]
  return Object.fromEntries(
    Object.entries(written).map(([file, content]) => [file, `${JSON.stringify(content, null, 2)}\n`]),
  )
}

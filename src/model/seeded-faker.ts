/**
 * Seeded faker instances for the world generator (pt_BR, then en, then base), built from the pt_BR
 * entry rather than faker's main one, which evaluates every locale; a unit test checks they draw as
 * `new Faker` would. The entry is not imported here but handed over by the runtime (world-generator.ts).
 */
import type { Faker, Randomizer } from '@faker-js/faker'
import type { faker as PtBrFaker } from '@faker-js/faker/locale/pt_BR'
import { mersenne53 } from './mersenne.ts'

export { mersenne53 }

/** faker's pt_BR entry (its `faker`), whose class and locale chain every generated value comes from. */
export type FakerLocale = typeof PtBrFaker

let locale: FakerLocale | undefined
let loadLocale: (() => FakerLocale) | undefined

/** Hands over the pt_BR faker, or a synchronous way to load it when first needed. */
export function provideFakerLocale(source: { locale: FakerLocale } | { load: () => FakerLocale }): void {
  if ('locale' in source) locale = source.locale
  else loadLocale = source.load
}

/**
 * Whether the locale is loaded, loading it with the synchronous loader first if there is one. A
 * loader that cannot run (Jest's ES module runtime cannot require an ES module) is dropped, so that
 * `loadWorldGenerator` imports the locale instead.
 */
export function fakerLocaleLoaded(): boolean {
  if (locale === undefined && loadLocale !== undefined) {
    try {
      locale = loadLocale()
    } catch {
      loadLocale = undefined
    }
  }
  return locale !== undefined
}

/** A Faker with the locale chain pt_BR → en → base, drawing from `randomizer` (seed it with `faker.seed`). */
export function createFaker(randomizer: Randomizer = mersenne53()): Faker {
  if (!fakerLocaleLoaded() || locale === undefined)
    throw new Error(
      "faker's pt_BR locale is not loaded (it cannot be required here): await loadWorldGenerator first (from debt-token-simulator/node or /browser)",
    )
  const FakerClass = locale.constructor as typeof Faker
  return new FakerClass({ locale: locale.rawDefinitions, randomizer })
}

/**
 * Seeded faker instances for the world generator (pt_BR, then en, then base), built without
 * importing @faker-js/faker's main entry: that entry evaluates every one of faker's ~70 locales
 * (86 modules). The pt_BR entry loads three modules and carries the same locale chain. They draw
 * from mersenne.ts, so the same seed gives the same values as `new Faker({ locale: [pt_BR, en,
 * base] })` seeded alike (a unit test compares both streams).
 *
 * The pt_BR entry is the largest thing the package imports (docs/performance.md has its weight),
 * and most processes never generate: it is not imported here but handed over by the runtime,
 * either as the module (world-generator.ts's `loadWorldGenerator`, which imports it) or as a
 * synchronous loader that the Node entries give (runtimes/msw/node-faker.ts), called on first use.
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
 * loader that cannot run here is dropped, so that `loadWorldGenerator` imports the locale instead:
 * Jest's ES module runtime before Node 24.9 cannot require an ES module, which is what faker is.
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

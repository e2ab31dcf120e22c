/**
 * Seeded faker instances for the world generator (pt_BR, then en, then base), built without
 * importing @faker-js/faker's main entry: that entry evaluates every one of faker's ~70 locales
 * (86 modules). The pt_BR entry loads three modules and carries the same locale chain. They draw
 * from mersenne.ts, so the same seed gives the same values as `new Faker({ locale: [pt_BR, en,
 * base] })` seeded alike (a unit test compares both streams).
 */
import type { Faker, Randomizer } from '@faker-js/faker'
import { faker as ptBR } from '@faker-js/faker/locale/pt_BR'
import { mersenne53 } from './mersenne.ts'

export { mersenne53 }

const FakerClass = ptBR.constructor as typeof Faker

/** A Faker with the locale chain pt_BR → en → base, drawing from `randomizer` (seed it with `faker.seed`). */
export function createFaker(randomizer: Randomizer = mersenne53()): Faker {
  return new FakerClass({ locale: ptBR.rawDefinitions, randomizer })
}

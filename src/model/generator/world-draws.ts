/**
 * The world's one faker stream and the draws the generator takes from it. The hot draws (`int`,
 * `hex`, `uuid`) redo faker's arithmetic on its randomizer: exactly faker's values, for less.
 */
import type { Faker, Randomizer } from '@faker-js/faker'
import { createFaker, mersenne53 } from '../seeded-faker.ts'
import { ADDRESS_HEX_DIGITS, fakerUuidText, hexText } from './hex-text.ts'

export const DAY_MS = 86_400_000

export interface WorldDraws {
  /** The pt_BR faker, for names, places and jobs. */
  readonly faker: Faker
  readonly now: Date
  /** faker.number.int({ min, max }) */
  int(min: number, max: number): number
  hex(digits: number): string
  address(): string
  /** faker.string.uuid() */
  uuid(): string
  /** `count` decimal digits. */
  digits(count: number): number[]
  pick<T>(items: readonly T[]): T
  iso(offsetDays: number): string
}

export function worldDraws(seed: number, now: Date): WorldDraws {
  const randomizer = mersenne53()
  const faker = createFaker(randomizer)
  faker.seed(seed)
  return drawsOf(faker, randomizer, now)
}

/** The pt_BR faker of each randomizer drawn from outside a generated world (one per simulator's random source). */
const fakers = new WeakMap<Randomizer, Faker>()

/** The same draws from a randomizer already in use (a simulator's, for the factories), going on from where it is. */
export function drawsFrom(randomizer: Randomizer, now: Date): WorldDraws {
  let faker = fakers.get(randomizer)
  if (faker === undefined) fakers.set(randomizer, (faker = createFaker(randomizer)))
  return drawsOf(faker, randomizer, now)
}

function drawsOf(faker: Faker, randomizer: Randomizer, now: Date): WorldDraws {
  const next = () => randomizer.next()
  const u32 = () => Math.floor(next() * 4294967296)
  const int = (min: number, max: number) => Math.floor(next() * (max - min + 1) + min)
  const hex = (digits: number) => hexText(digits, u32)
  return {
    faker,
    now,
    int,
    hex,
    address: () => hex(ADDRESS_HEX_DIGITS),
    uuid: () => fakerUuidText(next),
    digits: (count) => Array.from({ length: count }, () => int(0, 9)),
    pick: (items) => items[int(0, items.length - 1)]!,
    iso: (offsetDays) => new Date(now.getTime() + offsetDays * DAY_MS).toISOString(),
  }
}

/**
 * The seeded source of every value the running service generates (addresses, hashes, ids,
 * symbols). One per simulator instance; `reseed()` on reset makes the sequence start over, so the
 * same seed and the same requests give byte-identical responses.
 *
 * It uses faker's base locale only: the service generates strings, never names, so it need not
 * load the pt_BR and en locales (most of faker's weight) that only the world generator uses.
 */
import type { Faker, Randomizer } from '@faker-js/faker'
import { faker as baseFaker } from '@faker-js/faker/locale/base'
import { mersenne53 } from './mersenne.ts'

export const DEFAULT_SEED = 20260301

export interface Random {
  /** For string values only (`faker.string.*`): this faker carries no locale data. */
  readonly faker: Faker
  /** The seeded sequence `faker` draws from: another faker (the generator's pt_BR one) may draw from it too. */
  readonly randomizer: Randomizer
  /** Saves the position in the sequence; calling what it returns goes back to it. */
  checkpoint(): () => void
  reseed(): void
  address(): string
  hash(): string
  /** An ECDSA-style signature: 0x followed by 130 hexadecimal characters. */
  signature(): string
  uuid(): string
}

const FakerClass = baseFaker.constructor as typeof Faker

export function createRandom(seed: number = DEFAULT_SEED): Random {
  const randomizer = mersenne53()
  const faker = new FakerClass({ locale: baseFaker.rawDefinitions, randomizer })
  faker.seed(seed)
  const hex = (length: number) => faker.string.hexadecimal({ length, casing: 'lower', prefix: '0x' })
  return {
    faker,
    randomizer,
    checkpoint: () => randomizer.checkpoint(),
    reseed: () => void faker.seed(seed),
    address: () => hex(40),
    hash: () => hex(64),
    signature: () => hex(130),
    uuid: () => faker.string.uuid(),
  }
}

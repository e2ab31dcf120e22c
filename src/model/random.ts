/**
 * The seeded source of every generated value (addresses, hashes, ids, names). One per simulator
 * instance; `reseed()` on reset makes the sequence start over, so the same seed and the same
 * requests give byte-identical responses.
 */
import type { Faker } from '@faker-js/faker'
import { createFaker } from './seeded-faker.ts'

export const DEFAULT_SEED = 20260301

export interface Random {
  readonly faker: Faker
  reseed(): void
  address(): string
  hash(): string
  /** An ECDSA-style signature: 0x followed by 130 hexadecimal characters. */
  signature(): string
  uuid(): string
}

export function createRandom(seed: number = DEFAULT_SEED): Random {
  const faker = createFaker()
  faker.seed(seed)
  const hex = (length: number) => faker.string.hexadecimal({ length, casing: 'lower', prefix: '0x' })
  return {
    faker,
    reseed: () => void faker.seed(seed),
    address: () => hex(40),
    hash: () => hex(64),
    signature: () => hex(130),
    uuid: () => faker.string.uuid(),
  }
}

/**
 * The seeded source of every value the running service generates (`reseed()` on reset starts it over).
 * It draws exactly what faker would without importing faker, which is larger than the rest of a page.
 */
import type { Randomizer } from '@faker-js/faker'
import { mersenne53 } from './mersenne.ts'

export const DEFAULT_SEED = 20260301

export interface Random {
  /** The seeded sequence every draw comes from: the generator's pt_BR faker draws from it too. */
  readonly randomizer: Randomizer
  /** Saves the position in the sequence; calling what it returns goes back to it. */
  checkpoint(): () => void
  reseed(): void
  /** A whole number from `min` to `max`, both included (faker's `number.int({ min, max })`). */
  int(min: number, max: number): number
  /** `length` upper-case letters (faker's `string.alpha({ length, casing: 'upper' })`). */
  upperLetters(length: number): string
  address(): string
  hash(): string
  /** An ECDSA-style signature: 0x followed by 130 hexadecimal characters. */
  signature(): string
  uuid(): string
}

const UPPER = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']
/** faker's hexadecimal alphabet has both cases (22 characters); it lower-cases the result after drawing. */
const HEX_DRAWN = [...'0123456789abcdefABCDEF']

export function createRandom(seed: number = DEFAULT_SEED): Random {
  const randomizer = mersenne53(seed)
  // As faker: a range of one value draws nothing.
  const int = (min: number, max: number) => (min === max ? min : Math.floor(randomizer.next() * (max - min + 1) + min))
  const element = <T>(items: readonly T[]): T => items[items.length > 1 ? int(0, items.length - 1) : 0]!
  const characters = (alphabet: readonly string[], length: number) => {
    let text = ''
    for (let i = 0; i < length; i++) text += element(alphabet)
    return text
  }
  const hex = (length: number) => `0x${characters(HEX_DRAWN, length).toLowerCase()}`
  return {
    randomizer,
    checkpoint: () => randomizer.checkpoint(),
    reseed: () => randomizer.seed(seed),
    int,
    upperLetters: (length) => characters(UPPER, length),
    address: () => hex(40),
    hash: () => hex(64),
    signature: () => hex(130),
    // faker's v4 template: every x from 0-f first, then y from 8-b.
    uuid: () =>
      'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'
        .replaceAll('x', () => int(0, 15).toString(16))
        .replaceAll('y', () => int(8, 11).toString(16)),
  }
}

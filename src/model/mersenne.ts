/**
 * faker's default randomizer (MT19937, 53-bit floats), ported so the generator's hot path draws from
 * it directly and the runtime's random source does not load faker; a unit test compares the streams.
 */
import type { Randomizer } from '@faker-js/faker'

const N = 624
const MATRIX_A = 0x9908b0df
const UPPER = 0x80000000
const LOWER = 0x7fffffff

function initBySeed(seed: number): number[] {
  const state = new Array<number>(N)
  state[0] = seed
  for (let i = 1; i !== N; ++i) {
    const previous = state[i - 1]! ^ (state[i - 1]! >>> 30)
    state[i] = Math.trunc(Math.imul(1812433253, previous) + i)
  }
  return state
}

function initByArray(key: readonly number[]): number[] {
  const state = initBySeed(19650218)
  let i = 1
  let j = 0
  for (let k = Math.max(N, key.length); k !== 0; --k) {
    const previous = state[i - 1]! ^ (state[i - 1]! >>> 30)
    state[i] = Math.trunc((state[i]! ^ Math.imul(previous, 1664525)) + key[j]! + j)
    i++
    j++
    if (i >= N) {
      state[0] = state[N - 1]!
      i = 1
    }
    if (j >= key.length) j = 0
  }
  for (let k = N - 1; k !== 0; k--) {
    state[i] = Math.trunc((state[i]! ^ Math.imul(state[i - 1]! ^ (state[i - 1]! >>> 30), 1566083941)) - i)
    i++
    if (i >= N) {
      state[0] = state[N - 1]!
      i = 1
    }
  }
  state[0] = 0x80000000
  return state
}

function twist(state: number[]): number[] {
  for (let i = 0; i !== N - 397; ++i) {
    const y = (state[i]! & UPPER) + (state[i + 1]! & LOWER)
    state[i] = state[i + 397]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  }
  for (let i = N - 397; i !== N - 1; ++i) {
    const y = (state[i]! & UPPER) + (state[i + 1]! & LOWER)
    state[i] = state[i + 397 - N]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  }
  const y = (state[N - 1]! & UPPER) + (state[0]! & LOWER)
  state[N - 1] = state[396]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  return state
}

/** A randomizer whose position in its sequence can be saved and gone back to. */
export interface RewindableRandomizer extends Randomizer {
  /** Saves the position; calling what it returns goes back to it (a refused factory call draws nothing). */
  checkpoint(): () => void
}

/** faker's `generateMersenne53Randomizer()`: `next()` is a float in [0, 1) with 53 random bits. */
export function mersenne53(seed: number | readonly number[] = 0): RewindableRandomizer {
  let state: number[] = []
  let index = 0
  const reseed = (value: number | readonly number[]) => {
    state = twist(typeof value === 'number' ? initBySeed(value) : initByArray(value))
    index = 0
  }
  reseed(seed)
  const nextU32 = (): number => {
    let y = state[index]!
    y ^= state[index]! >>> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >>> 18
    if (++index >= N) {
      state = twist(state)
      index = 0
    }
    return y >>> 0
  }
  return {
    next: () => ((nextU32() >>> 5) * 67108864 + (nextU32() >>> 6)) * 1.1102230246251565e-16, // 2^-53
    seed: reseed as Randomizer['seed'],
    checkpoint() {
      const saved = state.slice() // twist() rewrites the state in place
      const savedIndex = index
      return () => {
        state = saved.slice()
        index = savedIndex
      }
    },
  }
}

/**
 * The seeded stream of one debt-token row (sfc32), started from the world's seed and the row's number,
 * so any row can be built alone. One stream object is restarted per row, so building one allocates none.
 */

/** Draws discarded after seeding, so that nearby seeds and rows do not start alike. */
const WARM_UP_DRAWS = 12

/** fmix32 of MurmurHash3: spreads a 32-bit value over all bits. */
function mix32(value: number): number {
  let h = value | 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

export interface RowStream {
  /** The next 32-bit draw, an integer in [0, 2^32). */
  readonly u32: () => number
  /** Starts row `row`'s stream of the world seeded `seed`; returns the stream. */
  start(seed: number, row: number): RowStream
  /** An integer in [min, max], from one draw. */
  int(min: number, max: number): number
  /** Discards `draws` draws. */
  skip(draws: number): void
}

export function rowStream(): RowStream {
  let a = 0
  let b = 0
  let c = 0
  let d = 0
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  const stream: RowStream = {
    u32,
    start(seed, row) {
      a = mix32(seed ^ 0x6a09e667)
      b = mix32(row + 0x9e3779b9)
      c = mix32(seed + Math.imul(row, 0x85ebca6b) + 0xbb67ae85)
      d = 1
      for (let i = 0; i < WARM_UP_DRAWS; i++) u32()
      return stream
    },
    int: (min, max) => min + Math.floor((u32() / 4294967296) * (max - min + 1)),
    skip(draws) {
      for (let i = 0; i < draws; i++) u32()
    },
  }
  return stream
}

/**
 * A key for a record the service creates (a contract address, a user id) that the world does not
 * hold yet. Keys are drawn from the seeded sequence, and so were the seeded records (a generated
 * world, or fixtures the generator wrote with the same seed): a draw can line up with a seeded
 * one and repeat its key. Such a draw is taken again from the same sequence, so the same requests
 * still give the same records, and a write never fails on a key it drew itself.
 */

/** How often a taken key is drawn again; a repeat needs the sequence to line up again at once. */
export const MAX_KEY_DRAWS = 100

/** The first value `draw` gives that `isNew` accepts; throws `refused()` after MAX_KEY_DRAWS. */
export function drawNew<T>(draw: () => T, isNew: (value: T) => boolean, refused: () => Error): T {
  for (let attempt = 0; attempt < MAX_KEY_DRAWS; attempt++) {
    const value = draw()
    if (isNew(value)) return value
  }
  throw refused()
}

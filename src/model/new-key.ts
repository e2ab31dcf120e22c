/**
 * A key for a record the service creates that the world does not hold yet. The seeded records came
 * from the same seeded sequence, so a draw can repeat one's key: it is drawn again from the sequence,
 * so the same requests still give the same records and a write never fails on a key it drew.
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

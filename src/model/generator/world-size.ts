/** The largest world the generator builds; imports nothing, so the CLI reads it without loading the generator. */
export const MAX_GENERATED_SIZE = 1_000_000

/** Whether `size` is a world size the generator builds: a whole number from 0 to MAX_GENERATED_SIZE. */
export const isGeneratedSize = (size: number) => Number.isInteger(size) && size >= 0 && size <= MAX_GENERATED_SIZE

/** What a size the generator refuses is told, after the option's name. */
export const GENERATED_SIZE_RULE = `must be a whole number from 0 to ${MAX_GENERATED_SIZE}`

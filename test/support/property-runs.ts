/**
 * How many runs a property test makes: a few in the inner loop, the full count in CI (`CI=true`,
 * as CI sets it) or when asked (`PROPERTY_RUNS=full`); `PROPERTY_RUNS=quick` keeps the few in CI
 * (the further Node legs, which prove what a Node version changes, not the properties again). The
 * seed stays fixed either way, so a failure found in CI replays locally with `PROPERTY_RUNS=full`.
 */
const full =
  process.env.PROPERTY_RUNS === 'full' || (process.env.CI === 'true' && process.env.PROPERTY_RUNS !== 'quick')
/** Whether this run makes the full counts (CI, or `PROPERTY_RUNS=full`). */
export const FULL_COUNTS = full

export function propertyRuns(inCi: number, quick = Math.max(5, Math.ceil(inCi / 10))): number {
  return full ? inCi : quick
}

/**
 * The cases of a table test: `quick` in the inner loop, and also `largest` in CI (or with
 * `PROPERTY_RUNS=full`), for sizes that prove a bound at the limit and take seconds each.
 */
export function withLargestInCi<T>(quick: readonly T[], largest: readonly T[]): T[] {
  return full ? [...quick, ...largest] : [...quick]
}

/**
 * How many runs a fast-check property makes: `fallback` by default, so the inner loop stays quick,
 * and FAST_CHECK_RUNS when set (CI sets it higher: `FAST_CHECK_RUNS=200 npx vitest run …`).
 */
export function propertyRuns(fallback: number): number {
  const raised = Number(process.env.FAST_CHECK_RUNS)
  return Number.isInteger(raised) && raised > 0 ? raised : fallback
}

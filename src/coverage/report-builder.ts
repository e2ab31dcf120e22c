/**
 * The coverage report's builder, loaded on demand (decision 0017): recording counts requests without
 * it, and loads it when a report is asked for, or as soon as one must be written at exit.
 */
export type ReportBuilder = typeof import('./coverage-tally.ts')

let loaded: ReportBuilder | undefined
let loading: Promise<ReportBuilder> | undefined

/** Loads the report builder (once; later calls answer the same promise). */
export function loadReportBuilder(): Promise<ReportBuilder> {
  loading ??= import('./coverage-tally.ts').then((builder) => (loaded = builder))
  return loading
}

/** The report builder if it has been loaded, for code that cannot wait (an exit handler). */
export function loadedReportBuilder(): ReportBuilder | undefined {
  return loaded
}

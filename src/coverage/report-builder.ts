/**
 * The coverage report's builder (coverage-tally.ts: the contract's declared responses, the ready
 * steps read from the OpenAPI document), loaded on demand: a test file or a browser page that
 * records coverage counts requests without it (decision 0017), and loads it when a report is
 * asked for, or, where a report must be written at exit, as soon as that is known.
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

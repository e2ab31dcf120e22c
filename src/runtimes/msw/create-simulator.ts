/**
 * `createSimulator()`: the simulator core plus its msw request handler. It does not load the world
 * generator, so the browser entry builds on it; `simulator.ts` adds it for Node (decision 0017).
 */
import type { HttpHandler } from 'msw'
import type { CoverageReport, SimHar } from '../../contract/plain-types.ts'
import { recordCoverage } from '../../coverage/coverage-recorder.ts'
import type { JournalFilter } from '../../observability/journal.ts'
import {
  createSimulatorCore,
  type SimulatorCore,
  type SimulatorJournal,
  type SimulatorOptions,
} from '../../simulator-core.ts'
import { createHandlers } from './handlers.ts'

export * from '../../simulator-core.ts'

/** Which journal entries `journal.toHar()` exports, and the origin their URLs start with. */
export interface JournalHarOptions extends Omit<JournalFilter, 'limit' | 'before'> {
  /**
   * The origin the requests were sent to (the journal keeps only path and query). Default: the
   * simulator's `baseUrl` when it is an absolute URL, else `http://localhost`.
   */
  baseUrl?: string | undefined
  /** The newest `limit` matching entries. */
  limit?: number | undefined
  /** Only the entries numbered below this `seq`. */
  before?: number | undefined
}

/** The journal group of a simulator with its msw handlers: the core's, and its export as a HAR file. */
export interface SimulatorJournalWithHar extends SimulatorJournal {
  /**
   * The journal (or the entries `options` picks) as a HAR 1.2 document, oldest first, credentials
   * masked (docs/har-export.md).
   */
  toHar(options?: JournalHarOptions): Promise<SimHar>
}

export interface Simulator extends SimulatorCore {
  /** The recent requests and their replies: `journal.list({ operation })`, `await journal.toHar()`. */
  readonly journal: SimulatorJournalWithHar
  /** The msw request handlers (one, for the whole API; the simulator routes): pass them to setupServer/setupWorker. */
  readonly handlers: HttpHandler[]
  /**
   * Which parts of the API this simulator answered since it was made, with a ready step for each declared
   * response never seen (docs/coverage.md). `reset()` does not clear it. `{ session }`: that session's only.
   */
  coverage(options?: { session?: string }): Promise<CoverageReport>
}

/** What `coverage()` answers where recording was not asked for (the browser without `coverage: true`). */
export interface CoverageNotRecorded {
  readonly recorded: false
  /** Says so, and how to ask for it. */
  readonly message: string
}

/** A simulator that records no coverage (`setupSimulatorWorker()` without `coverage: true`). */
export interface SimulatorWithoutCoverage extends Omit<Simulator, 'coverage'> {
  coverage(options?: { session?: string }): Promise<CoverageNotRecorded>
}

/** msw handlers for a simulator core (what createSimulator adds; the browser runtime makes them again over its own). */
export function handlersOf(core: SimulatorCore, baseUrl = '*'): HttpHandler[] {
  return createHandlers({ baseUrl, execute: core.host.execute })
}

const DEFAULT_HAR_ORIGIN = 'http://localhost'

/** Adds `toHar` to the core's journal group (in place, so its getters keep working), the builder loaded on first use. */
function withHarExport<Core extends SimulatorCore>(
  core: Core,
  simulatorBaseUrl: string | undefined,
): Core & { readonly journal: SimulatorJournalWithHar } {
  const origin =
    simulatorBaseUrl !== undefined && /^https?:\/\/[^*]*$/.test(simulatorBaseUrl)
      ? simulatorBaseUrl
      : DEFAULT_HAR_ORIGIN
  const { journal } = core
  const toHar = async ({ baseUrl = origin, ...filter }: JournalHarOptions = {}): Promise<SimHar> => {
    const { journalToHar } = await import('../../record-replay/har-export.ts')
    return journalToHar(journal.list(filter), { baseUrl })
  }
  Object.assign(journal, { toHar })
  return core as Core & { readonly journal: SimulatorJournalWithHar }
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const core = withHarExport(createSimulatorCore(options), options.baseUrl)
  const coverage = recordCoverage(core)
  // Assigned onto the core object itself, so its getters (model, scenario) keep working.
  return Object.assign(core, {
    handlers: handlersOf(core, options.baseUrl),
    coverage: (which: { session?: string } = {}) => coverage.report(which.session),
  })
}

/** `createSimulator` without coverage recording, for the browser, where it is recorded only when asked. */
export function createSimulatorWithoutCoverage(options: SimulatorOptions, asking: string): SimulatorWithoutCoverage {
  const core = withHarExport(createSimulatorCore(options), options.baseUrl)
  const notRecorded: CoverageNotRecorded = {
    recorded: false,
    message: `API coverage is not recorded here: ask for it with ${asking}`,
  }
  return Object.assign(core, { handlers: handlersOf(core, options.baseUrl), coverage: async () => notRecorded })
}

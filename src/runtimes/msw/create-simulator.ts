/**
 * `createSimulator()`: the simulator core plus its msw request handler. It does not load the world
 * generator, so the browser entry builds on it; `simulator.ts` adds it for Node (decision 0017).
 */
import type { HttpHandler } from 'msw'
import type { CoverageReport, SimHar } from '../../contract/plain-types.ts'
import type { SimulatorCore, SimulatorJournal, SimulatorOptions } from '../../simulator-core.ts'
import { composeSimulator } from '../../wings/compose.ts'
import { type CoverageNotRecorded, type JournalHarOptions, WINGS } from '../../wings/index.ts'
import { createHandlers } from './handlers.ts'

export * from '../../simulator-core.ts'
export type { CoverageNotRecorded, JournalHarOptions }

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

/** A simulator that records no coverage (`setupSimulatorWorker()` without `coverage: true`). */
export interface SimulatorWithoutCoverage extends Omit<Simulator, 'coverage'> {
  coverage(options?: { session?: string }): Promise<CoverageNotRecorded>
}

/** msw handlers for a simulator core: what createSimulator adds to it. */
export function handlersOf(core: SimulatorCore, baseUrl = '*'): HttpHandler[] {
  return createHandlers({ baseUrl, execute: core.host.execute })
}

/** A composed simulator with its wings' surface and its msw handlers. */
export function withHandlers(
  { simulator, parts }: { simulator: SimulatorCore; parts: object },
  baseUrl: string | undefined,
): object {
  // Assigned onto the core object itself, so its getters (model, scenario) keep working.
  return Object.assign(simulator, parts, { handlers: handlersOf(simulator, baseUrl) })
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  return withHandlers(composeSimulator(options, WINGS), options.baseUrl) as Simulator
}

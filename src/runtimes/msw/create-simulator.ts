/**
 * `createSimulator()`: the simulator core plus its msw request handler (one for the whole API, routed by the simulator), for
 * `setupServer` in a test suite and `setupWorker` in a browser app. This module does not load the
 * world generator (faker's locales): the browser entry builds on it so that a page loads only what
 * its first answer needs; `simulator.ts` adds the generator for the Node entries.
 */
import type { HttpHandler } from 'msw'
import type { CoverageReport } from '../../contract/plain-types.ts'
import { recordCoverage } from '../../coverage/coverage-recorder.ts'
import { createSimulatorCore, type SimulatorCore, type SimulatorOptions } from '../../simulator-core.ts'
import { createHandlers } from './handlers.ts'

export * from '../../simulator-core.ts'

export interface Simulator extends SimulatorCore {
  /** The msw request handlers (one, for the whole API; the simulator routes): pass them to setupServer/setupWorker. */
  readonly handlers: HttpHandler[]
  /**
   * Which parts of the API this simulator answered since it was made: per operation, the calls and
   * each declared response seen, with a ready step for each one never seen (docs/coverage.md).
   * `reset()` does not clear it. `{ session }`: one session's requests only.
   */
  coverage(options?: { session?: string }): Promise<CoverageReport>
}

/** What `coverage()` answers where recording was not asked for (the browser without `coverage: true`). */
export interface CoverageNotRecorded {
  readonly recorded: false
  /** Says so, and how to ask for it. */
  readonly message: string
}

/**
 * A simulator that records no coverage (`setupSimulatorWorker()` unless `coverage: true`): the same
 * simulator, its `coverage()` answering that it was not asked for.
 */
export interface SimulatorWithoutCoverage extends Omit<Simulator, 'coverage'> {
  coverage(options?: { session?: string }): Promise<CoverageNotRecorded>
}

/** msw handlers for a simulator core (what createSimulator adds; the browser runtime makes them again over its own). */
export function handlersOf(core: SimulatorCore, baseUrl = '*'): HttpHandler[] {
  return createHandlers({ baseUrl, execute: core.host.execute })
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const core = createSimulatorCore(options)
  const coverage = recordCoverage(core)
  // Assigned onto the core object itself, so its getters (model, scenario) keep working.
  return Object.assign(core, {
    handlers: handlersOf(core, options.baseUrl),
    coverage: (which: { session?: string } = {}) => coverage.report(which.session),
  })
}

/** `createSimulator` without coverage recording, for the browser, where it is recorded only when asked. */
export function createSimulatorWithoutCoverage(options: SimulatorOptions, asking: string): SimulatorWithoutCoverage {
  const core = createSimulatorCore(options)
  const notRecorded: CoverageNotRecorded = {
    recorded: false,
    message: `API coverage is not recorded here: ask for it with ${asking}`,
  }
  return Object.assign(core, { handlers: handlersOf(core, options.baseUrl), coverage: async () => notRecorded })
}

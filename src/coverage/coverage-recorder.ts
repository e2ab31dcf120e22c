/**
 * Records a simulator's coverage as it answers: every exchange its `onExchange` reports is counted
 * in the tally of its session (the default world's under null), so a report covers the whole
 * simulator or one session. The tallies live beside the journal, not in it: `reset()` empties the
 * journal and ends the sessions, and the coverage of what was answered before stays.
 */
import type { CoverageReport } from '../contract/coverage-report.ts'
import type { OperationId } from '../contract/operations.ts'
import type { JournalEntry } from '../observability/journal.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import { CoverageTally, coverageOf, mergeCoverage } from './coverage-tally.ts'
import { exchangeOf } from './exchange-of.ts'

export interface CoverageRecorder {
  /** The report of every exchange since recording began (or was cleared); of one session's when given. */
  report(session?: string | null): CoverageReport
  /** Forgets what was counted (every session's). */
  clear(): void
  /** Stops recording. */
  stop(): void
}

type Simulator = Pick<SimulatorCore, 'onExchange' | 'scenario' | 'scenarioDefinition' | 'activeScenarioDefinition'>

interface RuleLike {
  readonly operation?: string
  readonly networkError?: boolean
  readonly respond?: { readonly status?: number }
}

/**
 * The rule of the scenario named `name` that answers `status` to `operation`, as the scenario holds
 * it: the first rule for the operation (or `*`) with that outcome. Null when the scenario is not
 * known here (a session's inline scenario) or no rule has that outcome.
 */
function ruleOf(simulator: Simulator, name: string, operation: OperationId, status: number): unknown {
  // The default world's active scenario first: an inline one, or one with rules added since it began.
  const scenario =
    (simulator.scenario === name ? simulator.activeScenarioDefinition() : null) ?? simulator.scenarioDefinition(name)
  const rules = (scenario?.rules ?? []) as readonly RuleLike[]
  return (
    rules.find(
      (rule) =>
        (rule.operation === operation || rule.operation === '*') &&
        (status === 0 ? rule.networkError === true : rule.respond?.status === status),
    ) ?? null
  )
}

const recorders = new WeakMap<Simulator, CoverageRecorder>()

/** The recorder counting what `simulator` answers, if one was started. */
export function coverageRecorderOf(simulator: Simulator): CoverageRecorder | undefined {
  return recorders.get(simulator)
}

/** Starts counting what `simulator` answers (once: a simulator already counted keeps its recorder). */
export function recordCoverage(simulator: Simulator): CoverageRecorder {
  const known = recorders.get(simulator)
  if (known !== undefined) return known
  const recorder = startRecorder(simulator)
  recorders.set(simulator, recorder)
  return recorder
}

function startRecorder(simulator: Simulator): CoverageRecorder {
  const tallies = new Map<string | null, CoverageTally>()
  const onEntry = (entry: JournalEntry) => {
    let tally = tallies.get(entry.session)
    if (tally === undefined) tallies.set(entry.session, (tally = new CoverageTally()))
    // A rule is looked for only where one may have answered: under a scenario, and not a success.
    const rule =
      entry.scenario === null || entry.operation === null || (entry.status >= 200 && entry.status < 300)
        ? null
        : ruleOf(simulator, entry.scenario, entry.operation, entry.status)
    tally.add(exchangeOf(entry, rule))
  }
  const unsubscribe = simulator.onExchange(onEntry)
  return {
    report(session) {
      if (session !== undefined) return tallies.get(session)?.report() ?? coverageOf([])
      let report = coverageOf([])
      for (const tally of tallies.values()) if (!tally.empty) report = mergeCoverage(report, tally.report())
      return report
    },
    clear() {
      tallies.clear()
    },
    stop() {
      unsubscribe()
      recorders.delete(simulator)
    },
  }
}

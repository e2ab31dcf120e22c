/**
 * Records a simulator's coverage as it answers, per session, for a few counters a request; the
 * report's work waits for a report to be asked for, by the builder loaded then. The tallies live
 * beside the journal, so `reset()` leaves the coverage of what was answered before (decision 0018).
 */
import type { CoverageReport } from '../contract/coverage-report.ts'
import type { CountedExchange } from '../pipeline/journal-step.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import type { CoverageExchange, CoverageTally } from './coverage-tally.ts'
import { ExchangeCounts } from './exchange-counts.ts'
import { exchangeOf } from './exchange-of.ts'
import { loadedReportBuilder, loadReportBuilder, type ReportBuilder } from './report-builder.ts'

export interface CoverageRecorder {
  /** The report of every exchange since recording began (or was cleared); of one session's when given. */
  report(session?: string | null): Promise<CoverageReport>
  /** `report()` with the report builder already loaded (`loadReportBuilder()`), for code that cannot wait. */
  reportWith(builder: ReportBuilder, session?: string | null): CoverageReport
  /** Forgets what was counted (every session's). */
  clear(): void
  /** Stops recording. */
  stop(): void
}

interface Simulator {
  readonly host: Pick<SimulatorCore['host'], 'countExchanges'>
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

/** Exchanges a scenario's rule answered, kept whole until the report builder is loaded, before they are settled. */
const PENDING_KEPT = 500

/** One session's coverage: cheap counts, the exchanges a rule answered, and the tally both are settled into. */
interface SessionCoverage {
  readonly counts: ExchangeCounts
  pending: CoverageExchange[]
  tally: CoverageTally | undefined
}

function settled(session: SessionCoverage, builder: ReportBuilder): CoverageTally {
  const tally = (session.tally ??= new builder.CoverageTally())
  session.counts.settleInto(tally)
  for (const exchange of session.pending) tally.add(exchange)
  session.pending = []
  return tally
}

function startRecorder(simulator: Simulator): CoverageRecorder {
  const sessions = new Map<string | null, SessionCoverage>()
  /** Settles `session` now, or once the builder is loaded (loading it): keeps a long run's memory bounded. */
  const settleSoon = (session: SessionCoverage) => {
    const builder = loadedReportBuilder()
    if (builder !== undefined) settled(session, builder)
    // A failure to load surfaces where a report is asked for; until then the counts are kept.
    else
      loadReportBuilder().then(
        (loaded) => settled(session, loaded),
        () => {},
      )
  }
  const onExchange = (exchange: CountedExchange, rule: unknown) => {
    let session = sessions.get(exchange.session)
    if (session === undefined)
      sessions.set(exchange.session, (session = { counts: new ExchangeCounts(), pending: [], tally: undefined }))
    if (rule !== null) {
      if (session.tally !== undefined) session.tally.add(exchangeOf(exchange, rule))
      else if (session.pending.push(exchangeOf(exchange, rule)) === PENDING_KEPT) settleSoon(session)
    } else if (session.counts.count(exchange)) settleSoon(session)
  }
  const unsubscribe = simulator.host.countExchanges(onExchange)
  const reportWith = (builder: ReportBuilder, id?: string | null): CoverageReport => {
    if (id !== undefined) {
      const session = sessions.get(id)
      return session === undefined ? builder.coverageOf([]) : settled(session, builder).report()
    }
    let report = builder.coverageOf([])
    for (const session of sessions.values()) {
      const tally = settled(session, builder)
      if (!tally.empty) report = builder.mergeCoverage(report, tally.report())
    }
    return report
  }
  return {
    report: async (id) => reportWith(await loadReportBuilder(), id),
    reportWith,
    clear() {
      sessions.clear()
    },
    stop() {
      unsubscribe()
      recorders.delete(simulator)
    },
  }
}

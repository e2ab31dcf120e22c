/** The control API's types, inferred from the contract's zod schemas (type-only: nothing of zod reaches the page). */
import type { z } from 'zod/mini'
import type {
  SimEvent,
  SimScenarioCatalog,
  SimScenarioSummary,
  SimTablePage,
  SimTableRecord,
} from '../../contract/control-dashboard-schemas.ts'
import type { SimFactoryBody, SimFactoryRecords, SimTableName } from '../../contract/control-factory-schemas.ts'
import type { JournalEntry } from '../../contract/control-journal-schemas.ts'
import type { SimRecording, SimReplayReport } from '../../contract/control-record-replay-schemas.ts'
import type { SimClock, SimHealth, SimScenarioView, SimSessions, SimState } from '../../contract/control-schemas.ts'
import type { CoverageCause, CoverageReport, OperationCoverage, ReadyStep } from '../../contract/coverage-report.ts'

export type Health = z.output<typeof SimHealth>
export type Clock = z.output<typeof SimClock>
export type State = z.output<typeof SimState>
export type Sessions = z.output<typeof SimSessions>
export type ScenarioView = z.output<typeof SimScenarioView>
export type Entry = z.output<typeof JournalEntry>
export type ServerEvent = z.output<typeof SimEvent>
export type Catalog = z.output<typeof SimScenarioCatalog>
export type ScenarioSummary = z.output<typeof SimScenarioSummary>
export type Recording = z.output<typeof SimRecording>
export type ReplayReport = z.output<typeof SimReplayReport>
export type TablePage = z.output<typeof SimTablePage>
export type TableRecord = z.output<typeof SimTableRecord>
export type TableName = z.output<typeof SimTableName>
export type Coverage = z.output<typeof CoverageReport>
export type CoveredOperation = z.output<typeof OperationCoverage>
export type { CoverageCause }
export type CoverageReady = z.output<typeof ReadyStep>
/** A scenario file's content (scenarios/scenario.schema.json). */
export type ScenarioFile = Record<string, unknown>

export type FactoryRequest = z.input<typeof SimFactoryBody>
export type FactoryAnswer = z.output<typeof SimFactoryRecords>

export const TABLES: readonly TableName[] = [
  'debtTokens',
  'securityTokens',
  'signatureContracts',
  'users',
  'managerPayments',
  'investorPayments',
]

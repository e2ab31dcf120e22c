/**
 * The coverage report as pure functions: `coverageOf` and `mergeCoverage` go through one tally, so a
 * merged report and a report of the union never differ.
 */

import {
  COVERAGE_FORMAT,
  type CoverageReport,
  type OperationCoverage,
  type ReadyStep,
} from '../contract/coverage-report.ts'
import { findOperation, operations } from '../contract/operations.ts'
import { declaredStatuses, SIMULATOR_STATUSES } from './declared-responses.ts'
import { readyStep } from './ready-steps.ts'

/** What the report needs of one answered request (the journal entry holds it; see exchange-of.ts). */
export interface CoverageExchange {
  /** The operation id, or null when no operation matched. */
  readonly operation: string | null
  /** The status answered; 0 for a network error. */
  readonly status: number
  /** The scenario active for the request, or null. */
  readonly scenario: string | null
  /** The scenario rule that answered, when one did and it is known. */
  readonly rule: unknown
  /** For a 400: the request fields its message named. */
  readonly fields: readonly string[]
  /** Answered for a reason of the simulator's own although the status is declared (a 400 for its headers). */
  readonly own: boolean
}

interface CauseTally {
  readonly scenario: string | null
  readonly rule: unknown
  seen: number
}

interface DeclaredTally {
  /** Answers a request reached, no scenario rule answering. */
  seen: number
  readonly fields: Map<string, number>
  /** Answers a scenario rule forced: cause key → cause. */
  readonly forced: Map<string, CauseTally>
  ready: ReadyStep | undefined
}

const declaredTally = (): DeclaredTally => ({ seen: 0, fields: new Map(), forced: new Map(), ready: undefined })

interface OperationTally {
  readonly operationId: string
  readonly method: string
  readonly path: string
  calls: number
  readonly declared: Map<number, DeclaredTally>
  /** Status → cause key → cause. */
  readonly undeclared: Map<number, Map<string, CauseTally>>
  readonly simulator: Map<number, { seen: number; reason: string }>
}

interface Tally {
  readonly operations: Map<string, OperationTally>
  unmatched: number
}

function contractTally(): Tally {
  const tallies = new Map<string, OperationTally>()
  for (const operation of operations) {
    const declared = new Map<number, DeclaredTally>()
    for (const status of declaredStatuses(operation)) declared.set(status, declaredTally())
    tallies.set(operation.id, {
      operationId: operation.id,
      method: operation.method,
      path: operation.path,
      calls: 0,
      declared,
      undeclared: new Map(),
      simulator: new Map(),
    })
  }
  return { operations: tallies, unmatched: 0 }
}

const add = <K>(counts: Map<K, number>, key: K, by: number) => counts.set(key, (counts.get(key) ?? 0) + by)

function addCause(causes: Map<string, CauseTally>, scenario: string | null, rule: unknown, seen: number): void {
  const key = JSON.stringify([scenario, rule ?? null])
  const known = causes.get(key)
  if (known === undefined) causes.set(key, { scenario, rule: rule ?? null, seen })
  else known.seen += seen
}

function addUndeclared(tally: OperationTally, status: number, scenario: string | null, rule: unknown, seen: number) {
  let causes = tally.undeclared.get(status)
  if (causes === undefined) tally.undeclared.set(status, (causes = new Map()))
  addCause(causes, scenario, rule, seen)
}

function addSimulator(tally: OperationTally, status: number, seen: number, reason: string): void {
  const known = tally.simulator.get(status)
  if (known === undefined) tally.simulator.set(status, { seen, reason })
  else known.seen += seen
}

/** Adds an exchange answered `times` times. */
function addExchange(tally: Tally, exchange: CoverageExchange, times = 1): void {
  const operation = exchange.operation === null ? undefined : tally.operations.get(exchange.operation)
  if (operation === undefined) {
    tally.unmatched += times
    return
  }
  operation.calls += times
  const { status, scenario, rule = null } = exchange
  if (rule !== null) {
    // What a rule answers stands for the service: counted apart from what requests reached.
    const declared = operation.declared.get(status)
    if (declared === undefined) addUndeclared(operation, status, scenario, rule, times)
    else addCause(declared.forced, scenario, rule, times)
    return
  }
  const declared = exchange.own ? undefined : operation.declared.get(status)
  if (declared !== undefined) {
    declared.seen += times
    if (status === 400) for (const field of exchange.fields) add(declared.fields, field, times)
    return
  }
  const reason = SIMULATOR_STATUSES.get(status)
  if (reason === undefined || status === 0) addUndeclared(operation, status, scenario, null, times)
  else addSimulator(operation, status, times, reason)
}

/** Adds a report (a part, or a merged report) to a tally. */
function addReport(tally: Tally, report: CoverageReport): void {
  tally.unmatched += report.totals.unmatched
  for (const part of report.operations) {
    // The contract's own operations take their ready steps from the contract, not from a part.
    const fromPart = findOperation(part.operationId) === undefined
    let operation = tally.operations.get(part.operationId)
    if (operation === undefined) {
      // An operation this version of the contract does not have: kept as the part reports it.
      operation = {
        operationId: part.operationId,
        method: part.method,
        path: part.path,
        calls: 0,
        declared: new Map(),
        undeclared: new Map(),
        simulator: new Map(),
      }
      tally.operations.set(part.operationId, operation)
    }
    operation.calls += part.calls
    for (const response of part.responses) {
      let declared = operation.declared.get(response.status)
      if (declared === undefined) operation.declared.set(response.status, (declared = declaredTally()))
      declared.seen += response.seen
      if (fromPart) declared.ready ??= response.ready
      for (const { field, seen } of response.fields ?? []) add(declared.fields, field, seen)
      for (const cause of response.forced ?? []) addCause(declared.forced, cause.scenario, cause.rule, cause.seen)
    }
    for (const response of part.undeclared)
      for (const cause of response.causes)
        addUndeclared(operation, response.status, cause.scenario, cause.rule, cause.seen)
    for (const response of part.simulator) addSimulator(operation, response.status, response.seen, response.reason)
  }
}

const byStatus = <T>(entries: Iterable<[number, T]>) => [...entries].sort(([a], [b]) => a - b)
const byKey = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

const causeList = (causes: Map<string, CauseTally>) => byKey(causes).map(([, cause]) => ({ ...cause }))

function operationReport(tally: OperationTally): OperationCoverage {
  return {
    operationId: tally.operationId,
    method: tally.method,
    path: tally.path,
    calls: tally.calls,
    responses: byStatus(tally.declared).map(([status, { seen, fields, forced, ready }]) => {
      const reach = seen > 0 ? undefined : (ready ?? readyStep(tally.operationId, status))
      return {
        status,
        declared: true as const,
        seen,
        ...(status === 400 && { fields: byKey(fields).map(([field, count]) => ({ field, seen: count })) }),
        ...(forced.size > 0 && { forced: causeList(forced) }),
        ...(reach !== undefined && { ready: reach }),
      }
    }),
    undeclared: byStatus(tally.undeclared).map(([status, causes]) => {
      const list = causeList(causes)
      return { status, declared: false as const, seen: list.reduce((sum, cause) => sum + cause.seen, 0), causes: list }
    }),
    simulator: byStatus(tally.simulator).map(([status, { seen, reason }]) => ({ status, seen, reason })),
  }
}

function reportOf(tally: Tally): CoverageReport {
  // The contract's order first; operations only older parts know, after them by id.
  const known = operations.flatMap((operation) => tally.operations.get(operation.id) ?? [])
  const others = byKey([...tally.operations].filter(([id]) => findOperation(id) === undefined)).map(([, t]) => t)
  const list = [...known, ...others].map(operationReport)
  const responses = list.flatMap((operation) => operation.responses)
  return {
    format: COVERAGE_FORMAT,
    totals: {
      operations: { covered: list.filter((operation) => operation.calls > 0).length, total: list.length },
      responses: { covered: responses.filter((response) => response.seen > 0).length, total: responses.length },
      calls: list.reduce((sum, operation) => sum + operation.calls, 0),
      unmatched: tally.unmatched,
    },
    operations: list,
  }
}

/** The report of a set of answered requests, against every operation of the contract. */
export function coverageOf(exchanges: Iterable<CoverageExchange>): CoverageReport {
  const tally = contractTally()
  for (const exchange of exchanges) addExchange(tally, exchange)
  return reportOf(tally)
}

/** One report of what two reports counted: as if one report had been made of both sets of exchanges. */
export function mergeCoverage(a: CoverageReport, b: CoverageReport): CoverageReport {
  const tally = contractTally()
  addReport(tally, a)
  addReport(tally, b)
  return reportOf(tally)
}

/** A running count: exchanges added one at a time as they are answered, read as a report when asked. */
export class CoverageTally {
  #tally = contractTally()
  /** Whether anything was counted since the tally was made. */
  #empty = true

  /** Counts `exchange` as answered `times` times (default once). */
  add(exchange: CoverageExchange, times = 1): void {
    addExchange(this.#tally, exchange, times)
    this.#empty = false
  }

  get empty(): boolean {
    return this.#empty
  }

  report(): CoverageReport {
    return reportOf(this.#tally)
  }
}

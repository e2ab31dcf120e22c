/** Coverage: operations by declared status, each missing cell opening its ready step; live as requests arrive. */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { call } from '../api.ts'
import { useLoaded } from '../hooks.ts'
import { actingSession, announce, reportError, useStore } from '../store.ts'
import type { Coverage, CoverageCause, CoveredOperation } from '../types.ts'
import { type MissingCell, ReadyStepCard } from './coverage-ready.tsx'

/** A share as a whole percentage (100 for an empty total: nothing is missing). */
function percent(covered: number, total: number): string {
  return `${total === 0 ? 100 : Math.floor((covered / total) * 100)}%`
}

const forcedTimes = (causes: readonly CoverageCause[] | undefined) =>
  (causes ?? []).reduce((sum, cause) => sum + cause.seen, 0)

function Causes({ causes }: { causes: readonly CoverageCause[] }) {
  return (
    <ul class="causes">
      {causes.map((cause, i) => (
        <li key={i}>
          {cause.scenario === null ? 'no scenario' : `scenario ${cause.scenario}`} ×{cause.seen}
          {cause.rule !== null && cause.rule !== undefined && (
            <>
              : <code>{JSON.stringify(cause.rule)}</code>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}

const statusName = (status: number) => (status === 0 ? 'network error' : String(status))

function Totals({ report }: { report: Coverage }) {
  const { operations, responses, calls, unmatched } = report.totals
  return (
    <dl class="coverage-totals" data-testid="coverage-totals">
      <dt>Operations called</dt>
      <dd>
        {operations.covered} of {operations.total} ({percent(operations.covered, operations.total)})
      </dd>
      <dt>Declared responses seen</dt>
      <dd>
        {responses.covered} of {responses.total} ({percent(responses.covered, responses.total)})
      </dd>
      <dt>Calls</dt>
      <dd>{calls}</dd>
      <dt>Requests no operation matched</dt>
      <dd>{unmatched}</dd>
    </dl>
  )
}

function Matrix({
  report,
  picked,
  pick,
}: {
  report: Coverage
  picked: MissingCell | null
  pick: (cell: MissingCell) => void
}) {
  const statuses = [...new Set(report.operations.flatMap((o) => o.responses.map((r) => r.status)))].sort(
    (a, b) => a - b,
  )
  const cell = (operation: CoveredOperation, status: number) => {
    const response = operation.responses.find((candidate) => candidate.status === status)
    if (response === undefined)
      return (
        <td key={status} class="cell-none" title={`${operation.operationId} declares no ${status}`}>
          —
        </td>
      )
    const forced = forcedTimes(response.forced)
    const forcedMark = forced > 0 && <small class="forced"> +{forced} forced</small>
    if (response.seen > 0) {
      const fields = response.fields?.map((field) => `${field.field} ×${field.seen}`).join(', ')
      return (
        <td key={status} class="cell-seen" title={fields === undefined ? undefined : `fields: ${fields}`}>
          {response.seen}
          {forcedMark}
        </td>
      )
    }
    const route = `${operation.method} ${operation.path}`
    const isPicked = picked?.operationId === operation.operationId && picked.status === status
    return (
      <td key={status} class="cell-missing">
        <button
          type="button"
          aria-pressed={isPicked}
          aria-label={`${status} of ${operation.operationId}: never seen, show how to reach it`}
          onClick={() => pick({ operationId: operation.operationId, route, status, ready: response.ready })}
        >
          ✗ never
        </button>
        {forcedMark}
      </td>
    )
  }
  return (
    <div class="matrix-scroller">
      <table class="coverage-matrix">
        <caption>Operations by declared status: how often each was seen</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col" class="number">
              Calls
            </th>
            {statuses.map((status) => (
              <th key={status} scope="col" class="number">
                {status}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.operations.map((operation) => (
            <tr
              key={operation.operationId}
              data-operation={operation.operationId}
              class={operation.calls === 0 ? 'never-called' : undefined}
            >
              <th scope="row">
                {operation.operationId}
                <small>
                  {operation.method} {operation.path}
                </small>
              </th>
              <td class="number">{operation.calls}</td>
              {statuses.map((status) => cell(operation, status))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** One row of a table apart: an operation's status, how often, and who answered it. */
interface ApartRow {
  readonly operationId: string
  readonly status: number
  readonly seen: number
  readonly by: ComponentChildren
}

/** A card listing statuses apart from the matrix, or saying where none was seen what would show. */
function Apart(props: { id: string; title: string; none: string; seen: string; by: string; rows: ApartRow[] }) {
  return (
    <section class="card wide" aria-labelledby={props.id}>
      <h3 id={props.id}>{props.title}</h3>
      {props.rows.length === 0 ? (
        <p>{props.none}</p>
      ) : (
        <table class="coverage-apart">
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Status</th>
              <th scope="col" class="number">
                {props.seen}
              </th>
              <th scope="col">{props.by}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={`${row.operationId} ${row.status}`}>
                <th scope="row">{row.operationId}</th>
                <td>{statusName(row.status)}</td>
                <td class="number">{row.seen}</td>
                <td>{row.by}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function NotCounted({ report }: { report: Coverage }) {
  const rows = (pick: (operation: CoveredOperation) => Omit<ApartRow, 'operationId'>[]) =>
    report.operations.flatMap((operation) =>
      pick(operation).map((row) => ({ operationId: operation.operationId, ...row })),
    )
  const forced = rows((operation) =>
    operation.responses.flatMap(({ status, forced: causes }) =>
      causes === undefined ? [] : [{ status, seen: forcedTimes(causes), by: <Causes causes={causes} /> }],
    ),
  )
  const undeclared = rows((operation) =>
    operation.undeclared.map(({ status, seen, causes }) => ({ status, seen, by: <Causes causes={causes} /> })),
  )
  const own = rows((operation) => operation.simulator.map(({ status, seen, reason }) => ({ status, seen, by: reason })))
  return (
    <>
      <Apart
        id="forced-title"
        title={`Declared statuses a scenario rule forced (${forced.length}, not counted as reached)`}
        none="None: a scenario's rule that answers a status the operation declares shows here, not as seen."
        seen="Forced"
        by="Answered by"
        rows={forced}
      />
      <Apart
        id="undeclared-title"
        title={`Statuses the contract does not declare (${undeclared.length}, not counted)`}
        none="None seen: a scenario's rule that answers a 503 or a network error shows here."
        seen="Seen"
        by="Answered by"
        rows={undeclared}
      />
      <Apart
        id="own-title"
        title={`The simulator's own statuses (${own.length}, not counted)`}
        none="None seen: its limits (429, 507, 413…) and header checks show here."
        seen="Seen"
        by="Why the simulator answers it"
        rows={own}
      />
    </>
  )
}

export function CoveragePanel() {
  const session = useStore(actingSession)
  const [picked, setPicked] = useState<MissingCell | null>(null)
  const report = useLoaded(
    () => call<Coverage>('GET', '/__sim/coverage', { session }),
    [session],
    ['control', 'exchange'],
  )
  const reset = async () => {
    try {
      await call('POST', '/__sim/coverage/reset')
      setPicked(null)
      announce('Coverage counts from nothing again (every session)')
      report.reload()
    } catch (error) {
      reportError(error)
    }
  }
  if (report.data === undefined) return <p>Loading…</p>
  // A picked cell seen since it was picked is no longer missing.
  const stillMissing =
    picked !== null &&
    report.data.operations
      .find((operation) => operation.operationId === picked.operationId)
      ?.responses.some((response) => response.status === picked.status && response.seen === 0)
  return (
    <div class="cards">
      <section class="card wide" aria-labelledby="coverage-title">
        <h3 id="coverage-title">
          {session === null ? 'Every request the server answered' : `The requests of session ${session}`}
        </h3>
        <Totals report={report.data} />
        <p class="legend">
          <span class="cell-seen">n</span> reached n times · <span class="cell-missing">✗ never</span> never reached:
          pick it for its ready step · +n forced: answered by a scenario rule, not counted ·{' '}
          <span class="cell-none">—</span> not declared for the operation
        </p>
        <button type="button" class="danger" onClick={reset}>
          Start counting coverage again
        </button>
      </section>
      <section class="card wide" aria-labelledby="matrix-title">
        <h3 id="matrix-title">Declared responses</h3>
        <Matrix report={report.data} picked={stillMissing ? picked : null} pick={setPicked} />
      </section>
      <ReadyStepCard cell={stillMissing ? picked : null} />
      <NotCounted report={report.data} />
    </div>
  )
}

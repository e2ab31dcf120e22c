/** A replay's report: pass or fail, then each step with its outcome and the differences found (or why it was skipped). */
import type { ReplayReport } from '../types.ts'

/** A difference as replay words it: `path: expected …, got …` (expect-subset.ts, replay.ts). */
const DIFFERENCE = /^([^\s:][^:]*?): expected (.+?), got (.*)$/s

/**
 * One difference, what was found on a line of its own: it reads better below what was expected. The
 * text stays the same (copied, or read by a screen reader).
 */
function Difference({ text }: { text: string }) {
  const parts = DIFFERENCE.exec(text)
  if (parts === null) return <>{text}</>
  const [, path, expected, actual] = parts
  return (
    <>
      <code>{path}</code>: expected {`${expected}, `}
      <br />
      {`got ${actual}`}
    </>
  )
}

export function ReplayResult({ report }: { report: ReplayReport }) {
  const skipped = report.steps.filter((step) => step.skipped !== undefined).length
  const replayed = report.steps.length - skipped
  const passed = report.steps.filter((step) => step.passed).length - skipped
  return (
    <section class="card wide" aria-labelledby="report-title">
      <h3 id="report-title" class={report.passed ? 'pass' : 'fail'}>
        {report.passed ? 'PASS' : 'FAIL'} {report.scenario}: {passed}/{replayed} steps passed
        {skipped === 0 ? '' : `, ${skipped} skipped`}
      </h3>
      <p>
        Session <span data-volatile>{report.session}</span>
        {report.kept ? ' (kept: pick it under "Acting on" to see its data)' : ' (ended)'}
      </p>
      {report.notes.length > 0 && (
        <ul class="notes">
          {report.notes.map((note, i) => (
            // By position: a file's own notes (what its recording noted) may repeat one.
            <li key={i}>{note}</li>
          ))}
        </ul>
      )}
      <table class="steps">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Result</th>
            <th scope="col">Step</th>
            <th scope="col">Request</th>
            <th scope="col">Answer</th>
            <th scope="col">Differences</th>
          </tr>
        </thead>
        <tbody>
          {report.steps.map((step) => (
            <tr key={step.index} class={step.skipped !== undefined ? 'skipped' : step.passed ? 'pass' : 'fail'}>
              <td>{step.index}</td>
              <td>{step.skipped !== undefined ? '– skipped' : step.passed ? '✓ passed' : '✗ failed'}</td>
              <td>{step.name}</td>
              <td>
                <code>
                  {step.method} {step.path}
                </code>
              </td>
              <td>{step.outcome}</td>
              <td>
                {step.skipped !== undefined ? (
                  step.skipped
                ) : step.problems.length === 0 ? (
                  '—'
                ) : (
                  <ul class="problems">
                    {step.problems.map((problem, i) => (
                      // By position: two differences may read the same, and the list is rebuilt whole.
                      <li key={i}>
                        <Difference text={problem} />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

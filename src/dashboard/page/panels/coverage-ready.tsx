/** The ready step of the picked coverage cell; its JSON is shown as well as copied, for a page without clipboard. */
import { announce } from '../store.ts'
import type { CoverageReady } from '../types.ts'

export interface MissingCell {
  readonly operationId: string
  readonly route: string
  readonly status: number
  readonly ready: CoverageReady | undefined
}

/** What the copy button writes: the steps, or the rule, as a scenario file holds them. */
function readyJson(ready: CoverageReady): string {
  return JSON.stringify(ready.steps ?? ready.rule, null, 2)
}

export function ReadyStepCard({ cell }: { cell: MissingCell | null }) {
  if (cell === null)
    return (
      <section class="card wide" aria-labelledby="ready-title">
        <h3 id="ready-title">How to reach a missing response</h3>
        <p>Pick a cell marked never in the matrix: its ready step shows here, to copy into a scenario file.</p>
      </section>
    )
  const { ready } = cell
  const what = `${cell.status} of ${cell.operationId}`
  const copy = async () => {
    if (ready === undefined) return
    try {
      await navigator.clipboard.writeText(readyJson(ready))
      announce(`Copied the ready step for ${what}`)
    } catch {
      announce('The browser refused the clipboard: the ready step is shown below to copy')
    }
  }
  return (
    <section class="card wide ready-step" aria-labelledby="ready-title">
      <h3 id="ready-title">
        How to reach {what} (<code>{cell.route}</code>)
      </h3>
      {ready === undefined ? (
        <p>The report carries no ready step for it.</p>
      ) : (
        <>
          <p>{ready.how}</p>
          <div class="row">
            <button type="button" onClick={copy}>
              Copy the ready step for {what}
            </button>
          </div>
          <figure>
            <figcaption>
              {ready.steps === undefined
                ? "A rule for a scenario file's rules"
                : `Steps for a scenario file's steps (the last gets ${cell.status})`}
            </figcaption>
            <pre class="ready-json" data-testid="ready-json">
              {readyJson(ready)}
            </pre>
          </figure>
        </>
      )}
    </section>
  )
}

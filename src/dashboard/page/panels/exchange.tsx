/** One exchange of the journal; the curl command is shown as well as copied, for a page without clipboard access. */
import { useState } from 'preact/hooks'
import { addToDraft, draft } from '../draft.ts'
import { asCurl, pretty } from '../files.ts'
import { ScrollBox } from '../scroll-box.tsx'
import { announce, useStore } from '../store.ts'
import type { Entry } from '../types.ts'

function Headers({ headers, label }: { headers: Readonly<Record<string, string>>; label: string }) {
  const names = Object.keys(headers)
  if (names.length === 0) return <p>No {label.toLowerCase()}.</p>
  return (
    <table class="headers">
      <caption>{label}</caption>
      <tbody>
        {names.map((name) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{headers[name]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The journal keeps the first characters of a body (`--journal-body-limit`) and says how many more there were. */
function cutNote(body: string | null): string {
  const more = body === null ? null : /…\[(\d+) more\]$/.exec(body)
  if (more === null) return ''
  const kept = body!.length - more[0].length
  return ` (the journal kept its first ${kept} characters of ${kept + Number(more[1])})`
}

/** Where a forwarded request went (`serve --proxy`), and how the service's answer departs from the contract. */
function ProxyReport({ entry }: { entry: Entry }) {
  const { proxy } = entry
  if (proxy === undefined) return null
  return (
    <div class="proxy-report">
      <p>
        Forwarded to <code>{proxy.url}</code>:{' '}
        {proxy.status === null ? 'the service did not answer' : `the service answered ${proxy.status}`}.
        {proxy.failure === undefined ? '' : ` ${proxy.failure}`}
      </p>
      {proxy.drift.length === 0 ? (
        <p>No contract drift.</p>
      ) : (
        <figure>
          <figcaption>Contract drift ({proxy.drift.length})</figcaption>
          <ul class="drift-lines">
            {proxy.drift.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </figure>
      )}
    </div>
  )
}

export function Exchange({ entry }: { entry: Entry }) {
  const [curl, setCurl] = useState<string | null>(null)
  const steps = useStore(draft)
  const copy = async () => {
    const command = asCurl(location.origin, entry)
    setCurl(command)
    try {
      await navigator.clipboard.writeText(command)
      announce('Copied the curl command')
    } catch {
      announce('The browser refused the clipboard: the command is shown below to copy')
    }
  }
  const target = entry.query === '' ? entry.path : `${entry.path}?${entry.query}`
  return (
    <section class="exchange" aria-labelledby="exchange-title">
      <h3 id="exchange-title">
        Exchange {entry.seq}: {entry.method} {entry.path}
      </h3>
      <div class="row">
        <button type="button" onClick={copy}>
          Copy as curl
        </button>
        <button
          type="button"
          onClick={() => {
            addToDraft(entry)
            announce(
              `Added exchange ${entry.seq} to the scenario draft (${steps.length + 1} steps, see Record and replay)`,
            )
          }}
        >
          Add to scenario draft
        </button>
      </div>
      {curl !== null && (
        <figure>
          <figcaption>curl command</figcaption>
          <pre class="curl">{curl}</pre>
        </figure>
      )}
      <div class="halves">
        <div>
          <h4>Request</h4>
          <p>
            <code>
              {entry.method} {target}
            </code>
          </p>
          <Headers headers={entry.requestHeaders} label="Request headers" />
          {/\*\*\*/.test(entry.requestHeaders.authorization ?? '') && (
            <p>
              The credential is not kept: <code>***1</code>, <code>***2</code> … tell callers apart, and "Copy as curl"
              sends <code>$TOKEN</code> in its place.
            </p>
          )}
          {entry.caller !== null && (
            <p>
              Caller <code>{entry.caller}</code> (the wallet the Bearer token stands for)
            </p>
          )}
          <figure>
            <figcaption>Request body{cutNote(entry.requestBody)}</figcaption>
            <ScrollBox label="request body" text={pretty(entry.requestBody)} />
          </figure>
        </div>
        <div>
          <h4>Response</h4>
          <p>
            Status <strong>{entry.status === 0 ? 'network error' : entry.status}</strong> in{' '}
            <span data-volatile>{entry.durationMs}</span> ms
            {entry.operation === null ? '' : `, operation ${entry.operation}`}
            {entry.scenario === null ? '' : `, scenario ${entry.scenario}`}
            {entry.session === null ? '' : `, session ${entry.session}`}
          </p>
          <ProxyReport entry={entry} />
          <Headers headers={entry.responseHeaders} label="Response headers" />
          <figure>
            <figcaption>Response body{cutNote(entry.responseBody)}</figcaption>
            <ScrollBox label="response body" text={pretty(entry.responseBody)} />
          </figure>
        </div>
      </div>
    </section>
  )
}

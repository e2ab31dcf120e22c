/** The rule draft in the Scenarios panel: its rules in words, to activate or download as a scenario file. */
import { useMemo, useState } from 'preact/hooks'
import { downloadJson } from '../files.ts'
import { live } from '../live.ts'
import {
  activateRuleDraft,
  answeredUnderDraft,
  checkedDraftFile,
  removeFromRuleDraft,
  ruleDraft,
} from '../rule-draft.ts'
import { actingSession, announce, reportError, useStore } from '../store.ts'

export function RuleDraftCard({ onActivated }: { onActivated: () => void }) {
  const draft = useStore(ruleDraft)
  const acting = useStore(actingSession)
  const feed = useStore(live)
  const [session, setSession] = useState(acting ?? '')
  const name = draft.name
  const answered = useMemo(() => answeredUnderDraft(feed.entries, name).length, [feed.version, name])
  const download = async () => {
    try {
      const file = await checkedDraftFile(live.entries)
      downloadJson(`${name}.json`, file)
      const steps = Array.isArray(file.steps) ? file.steps.length : 0
      announce(`Downloaded draft ${name} as ${name}.json with ${steps === 0 ? 'its rules alone' : `${steps} steps`}`)
    } catch (error) {
      reportError(error)
    }
  }
  const activate = async (target: string | null) => {
    try {
      await activateRuleDraft(target)
      announce(`Draft ${name} active for ${target === null ? 'the shared world' : `session ${target}`}`)
      onActivated()
    } catch (error) {
      reportError(error)
    }
  }
  const chosen = session.trim()
  return (
    <section class="card wide" aria-labelledby="rule-draft-title">
      <h3 id="rule-draft-title">
        Draft {name} ({draft.rules.length} rule{draft.rules.length === 1 ? '' : 's'})
      </h3>
      <div class="row">
        <label>
          Draft name{' '}
          <input type="text" value={name} onInput={(e) => ruleDraft.set({ ...draft, name: e.currentTarget.value })} />
        </label>
        <label>
          Draft description{' '}
          <input
            type="text"
            value={draft.description}
            onInput={(e) => ruleDraft.set({ ...draft, description: e.currentTarget.value })}
          />
        </label>
      </div>
      {draft.rules.length === 0 ? (
        <p>No rule yet: fill in the form above and choose "Add rule to draft".</p>
      ) : (
        <table>
          <caption>Rules of draft {name}, in the order they are tried</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Operation</th>
              <th scope="col">What it does</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {draft.rules.map(({ rule, outcome }, i) => (
              <tr key={`${i}-${outcome}`}>
                <td>{i + 1}</td>
                <td>{String(rule.operation)}</td>
                <td>{outcome}</td>
                <td>
                  <button type="button" class="link" onClick={() => removeFromRuleDraft(i)}>
                    Remove rule {i + 1} ({String(rule.operation)}) from draft {name}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p data-testid="rule-draft-steps">
        {answered === 0
          ? `No exchange was answered under draft ${name} yet: activate it and send the requests it should answer, and each becomes a step of the file (expecting its answer), so the file replays as downloaded. Downloaded before, it holds the rules alone (for serve --scenarios; replay has no step to run).`
          : `${answered} exchange${answered === 1 ? ' was' : 's were'} answered under draft ${name}: the file holds its rules and a step each, expecting the answer given (clear the journal to start over).`}
      </p>
      <div class="row">
        <button type="button" onClick={download}>
          Download draft {name} as {name}.json
        </button>
        <button type="button" onClick={() => activate(null)}>
          Activate draft {name} for the shared world
        </button>
      </div>
      <div class="row">
        <label>
          Session for the draft{' '}
          <input
            type="text"
            value={session}
            placeholder="e.g. qa-1"
            onInput={(e) => setSession(e.currentTarget.value)}
          />
        </label>
        <button type="button" disabled={chosen === ''} onClick={() => activate(chosen)}>
          Activate draft {name} for session {chosen === '' ? '(give one)' : chosen}
        </button>
      </div>
    </section>
  )
}

/** Record and replay: the live recording, the drafts, and a replay of any scenario in a fresh session. */
import { useState } from 'preact/hooks'
import { call } from '../api.ts'
import { draft, draftScenario, removeFromDraft } from '../draft.ts'
import { downloadJson, scenarioNameOfFile } from '../files.ts'
import { useLoaded } from '../hooks.ts'
import { announce, reportError, useStore } from '../store.ts'
import type { Catalog, Recording, ReplayReport, ScenarioFile } from '../types.ts'
import { HarDraftCard } from './har-draft.tsx'
import { ReplayResult } from './replay-result.tsx'

function RecordingCard() {
  const recording = useLoaded(() => call<Recording>('GET', '/__sim/recording'), [], ['control', 'exchange'])
  const [description, setDescription] = useState('')
  const act = async (method: 'PUT' | 'DELETE') => {
    try {
      const body = method === 'PUT' && description.trim() !== '' ? { description: description.trim() } : undefined
      const status = await call<Recording>(method, '/__sim/recording', body === undefined ? {} : { body })
      announce(
        status.active ? 'Recording: every request the server answers is kept' : `Stopped: ${status.steps} requests`,
      )
      recording.reload()
    } catch (error) {
      reportError(error)
    }
  }
  const download = async () => {
    try {
      downloadJson('recording.json', await call<ScenarioFile>('GET', '/__sim/recording/scenario'))
    } catch (error) {
      reportError(error)
    }
  }
  const status = recording.data
  return (
    <section class="card" aria-labelledby="recording-title">
      <h3 id="recording-title">Recording</h3>
      <p data-testid="recording-status">
        {status === undefined
          ? 'Loading…'
          : status.active
            ? `Recording: ${status.steps} requests so far`
            : status.startedAt === null
              ? 'Not recording'
              : `Stopped with ${status.steps} requests`}
      </p>
      <label class="block">
        Description of the recording{' '}
        <input type="text" value={description} onInput={(event) => setDescription(event.currentTarget.value)} />
      </label>
      <div class="row">
        <button type="button" onClick={() => act('PUT')} disabled={status?.active === true}>
          Start recording
        </button>
        <button type="button" onClick={() => act('DELETE')} disabled={status?.active !== true}>
          Stop recording
        </button>
        <button type="button" onClick={download} disabled={status === undefined || status.startedAt === null}>
          Download the recording
        </button>
      </div>
    </section>
  )
}

function DraftCard({ onReplay }: { onReplay: (file: ScenarioFile, name: string) => void }) {
  const steps = useStore(draft)
  const [description, setDescription] = useState('')
  // Answers given under one scenario replay only under it: the server starts the file with its
  // rules (an inline one's, the rule draft's once activated, included).
  const scenarios = new Set(steps.map((entry) => entry.scenario).filter((name) => name !== null))
  const only = scenarios.size === 1 ? [...scenarios][0]! : null
  const build = () => draftScenario(description)
  return (
    <section class="card" aria-labelledby="draft-title">
      <h3 id="draft-title">Scenario draft ({steps.length} steps)</h3>
      {steps.length === 0 ? (
        <p>Add exchanges from the Journal ("Add to scenario draft"): each becomes a step expecting its answer.</p>
      ) : (
        <ol class="draft">
          {steps.map((entry, i) => (
            <li key={`${entry.seq}-${i}`}>
              {entry.method} {entry.path} → {entry.status}{' '}
              <button type="button" onClick={() => removeFromDraft(i)} aria-label={`Remove step ${i + 1}`}>
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      {only !== null && <p>The file starts with the rules of {only}, which answered these requests.</p>}
      {scenarios.size > 1 && (
        <p>
          These requests were answered under several scenarios ({[...scenarios].join(', ')}): the file starts with none
          of their rules. Keep the steps of one scenario to replay them as answered.
        </p>
      )}
      <label class="block">
        Description of the scenario{' '}
        <input type="text" value={description} onInput={(event) => setDescription(event.currentTarget.value)} />
      </label>
      <div class="row">
        <button
          type="button"
          disabled={steps.length === 0}
          onClick={() => build().then((file) => downloadJson('scenario-draft.json', file), reportError)}
        >
          Download the draft
        </button>
        <button
          type="button"
          disabled={steps.length === 0}
          onClick={() => build().then((file) => onReplay(file, 'draft'), reportError)}
        >
          Replay the draft
        </button>
        <button type="button" disabled={steps.length === 0} onClick={() => draft.set([])}>
          Discard the draft
        </button>
      </div>
    </section>
  )
}

export function RecordReplayPanel() {
  const catalog = useLoaded(() => call<Catalog>('GET', '/__sim/scenarios'), [])
  const [name, setName] = useState('flaky-backend')
  const [keep, setKeep] = useState(false)
  const [running, setRunning] = useState(false)
  const [report, setReport] = useState<ReplayReport | null>(null)
  const replay = async (body: { name: string } | { name: string; scenario: ScenarioFile }) => {
    setRunning(true)
    try {
      const result = await call<ReplayReport>('POST', '/__sim/replay', { body: { ...body, keepSession: keep } })
      setReport(result)
      const failed = result.steps.filter((step) => !step.passed).length
      announce(`Replay of ${result.scenario}: ${failed === 0 ? 'passed' : `${failed} step(s) failed`}`)
    } catch (error) {
      reportError(error)
    } finally {
      setRunning(false)
    }
  }
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    if (file === undefined) return
    try {
      const scenario = JSON.parse(await file.text()) as ScenarioFile
      await replay({ name: scenarioNameOfFile(file.name), scenario })
    } catch (error) {
      reportError(error instanceof SyntaxError ? new Error(`${file.name} is not JSON: ${error.message}`) : error)
    } finally {
      input.value = ''
    }
  }
  return (
    <>
      <div class="cards">
        <RecordingCard />
        <DraftCard onReplay={(scenario, draftName) => replay({ name: draftName, scenario })} />
        <HarDraftCard onReplay={(scenario, draftName) => replay({ name: draftName, scenario })} />
        <section class="card" aria-labelledby="replay-title">
          <h3 id="replay-title">Replay in a fresh session</h3>
          <form
            class="row"
            onSubmit={(event) => {
              event.preventDefault()
              void replay({ name })
            }}
          >
            <label htmlFor="replay-scenario">Scenario</label>
            <select id="replay-scenario" value={name} onChange={(event) => setName(event.currentTarget.value)}>
              {catalog.data?.scenarios.map((scenario) => (
                <option key={scenario.name} value={scenario.name}>
                  {scenario.name} ({scenario.steps} steps)
                </option>
              ))}
            </select>
            <button type="submit" disabled={running}>
              Replay
            </button>
          </form>
          <label class="block">
            Or replay a scenario file{' '}
            <input type="file" accept=".json,application/json" onChange={(event) => upload(event.currentTarget)} />
          </label>
          <label>
            <input type="checkbox" checked={keep} onChange={(event) => setKeep(event.currentTarget.checked)} /> Keep the
            session afterwards (to inspect its data)
          </label>
        </section>
      </div>
      {running && <p>Replaying…</p>}
      {report !== null && <ReplayResult report={report} />}
    </>
  )
}

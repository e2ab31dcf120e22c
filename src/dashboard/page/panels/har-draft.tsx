/** The Record and replay panel's HAR card: a HAR file dropped on it becomes a draft scenario (`scenarios from-har`). */
import { useState } from 'preact/hooks'
import { call } from '../api.ts'
import { downloadJson, scenarioNameOfFile } from '../files.ts'
import { announce, reportError } from '../store.ts'
import type { ScenarioFile } from '../types.ts'

/** The control API's body limit: a larger HAR goes through the command. */
const MAX_HAR_BYTES = 1_000_000

interface HarDraft {
  readonly name: string
  readonly file: ScenarioFile
}

async function draftFrom(file: File): Promise<HarDraft> {
  if (file.size > MAX_HAR_BYTES)
    throw new Error(
      `${file.name} is over the control API's ${MAX_HAR_BYTES} bytes: convert it with npx debt-token-simulator scenarios from-har ${file.name}`,
    )
  let har: unknown
  try {
    har = JSON.parse(await file.text())
  } catch (error) {
    throw new Error(`${file.name} is not JSON: ${(error as Error).message}`)
  }
  const path = `/__sim/scenario-file/from-har?name=${encodeURIComponent(file.name)}`
  const scenario = await call<ScenarioFile>('POST', path, { body: har })
  return { name: scenarioNameOfFile(file.name.replace(/\.har$/i, '')), file: scenario }
}

export function HarDraftCard({ onReplay }: { onReplay: (file: ScenarioFile, name: string) => void }) {
  const [draft, setDraft] = useState<HarDraft | null>(null)
  const [over, setOver] = useState(false)
  const take = async (file: File | undefined) => {
    if (file === undefined) return
    try {
      const made = await draftFrom(file)
      setDraft(made)
      announce(`${file.name}: a draft of ${(made.file.steps as unknown[] | undefined)?.length ?? 0} steps`)
    } catch (error) {
      reportError(error)
    }
  }
  const steps = (draft?.file.steps as unknown[] | undefined)?.length ?? 0
  const notes = (draft?.file.notes as string[] | undefined) ?? []
  return (
    <section class="card" aria-labelledby="har-title">
      <h3 id="har-title">From a HAR file</h3>
      <fieldset
        class={over ? 'dropzone over' : 'dropzone'}
        data-testid="har-drop"
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault()
          setOver(false)
          void take(event.dataTransfer?.files[0])
        }}
      >
        <legend>Drop a .har file here</legend>
        <p>The Network panel's "Save all as HAR", Playwright's recordHar, Charles: each request to the API a step.</p>
        <label class="block">
          or choose one{' '}
          <input
            type="file"
            accept=".har,application/json"
            onChange={(event) => {
              const input = event.currentTarget
              void take(input.files?.[0]).finally(() => {
                input.value = ''
              })
            }}
          />
        </label>
      </fieldset>
      {draft !== null && (
        <>
          <p data-testid="har-draft">
            {draft.name}: {steps} steps
          </p>
          {notes.length > 0 && (
            <ul class="notes">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          <div class="row">
            <button type="button" onClick={() => downloadJson(`${draft.name}.scenario.json`, draft.file)}>
              Download the HAR draft
            </button>
            <button type="button" onClick={() => onReplay(draft.file, draft.name)}>
              Replay the HAR draft
            </button>
            <button type="button" onClick={() => setDraft(null)}>
              Discard the HAR draft
            </button>
          </div>
        </>
      )}
    </section>
  )
}

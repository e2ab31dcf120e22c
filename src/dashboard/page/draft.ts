/** The scenario draft: journal entries chosen with "Add to scenario draft", for `POST /__sim/scenario-file`. */
import { call } from './api.ts'
import { createStore } from './store.ts'
import type { Entry, ScenarioFile } from './types.ts'

export const draft = createStore<readonly Entry[]>([])

export function addToDraft(entry: Entry): void {
  draft.set([...draft.get(), entry])
}

export function removeFromDraft(index: number): void {
  draft.set(draft.get().filter((_, i) => i !== index))
}

/** The draft as a scenario file; `description` is the file's. */
export function draftScenario(description: string): Promise<ScenarioFile> {
  return call<ScenarioFile>('POST', '/__sim/scenario-file', {
    body: { exchanges: draft.get(), ...(description.trim() !== '' && { description: description.trim() }) },
  })
}

/**
 * The rule draft: a scenario written rule by rule, each added once the server checked it, kept in
 * localStorage so a reload does not lose it. Its file carries the steps answered under it.
 */
import { call } from './api.ts'
import { createStore } from './store.ts'
import type { Catalog, Entry, ScenarioFile, ScenarioSummary } from './types.ts'

interface DraftRule {
  readonly rule: Record<string, unknown>
  /** What it does and when, in the server's words. */
  readonly outcome: string
}

export interface RuleDraft {
  readonly name: string
  readonly description: string
  readonly rules: readonly DraftRule[]
  /** The world of the scenario the draft was copied from, kept as it was. */
  readonly world?: unknown
}

const STORAGE_KEY = 'debt-token-simulator.rule-draft'
const NEW_DRAFT: RuleDraft = { name: 'my-scenario', description: 'Written in the dashboard.', rules: [] }

/** Where a downloaded file's `$schema` points: this simulator serves the schema (GET /__sim/scenario.schema.json). */
const SCENARIO_SCHEMA_URL = new URL('/__sim/scenario.schema.json', location.href).href

function stored(): RuleDraft {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as RuleDraft | null
    if (value !== null && typeof value.name === 'string' && Array.isArray(value.rules)) return value
  } catch {
    // storage off or unreadable: start afresh
  }
  return NEW_DRAFT
}

export const ruleDraft = createStore<RuleDraft>(stored())
ruleDraft.subscribe(() => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(ruleDraft.get()))
  } catch {
    // storage off or full: the draft lives as long as the page
  }
})

/** The draft as a scenario file holds it. */
function draftFile(draft: RuleDraft = ruleDraft.get()): Record<string, unknown> {
  return {
    $schema: SCENARIO_SCHEMA_URL,
    description: draft.description,
    ...(draft.world !== undefined && { world: draft.world }),
    rules: draft.rules.map(({ rule }) => rule),
  }
}

/** Starts the draft over from a known scenario, leaving out its steps (a draft's come from the journal): how many. */
export async function copyIntoRuleDraft(name: string, catalog: Catalog): Promise<number> {
  const file = await call<{
    description: string
    world?: unknown
    rules: Record<string, unknown>[]
    steps?: unknown[]
  }>('GET', `/__sim/scenarios/${encodeURIComponent(name)}`)
  const words = catalog.scenarios.find((scenario) => scenario.name === name)?.rules ?? []
  ruleDraft.set({
    name: `${name}-copy`,
    description: file.description,
    ...(file.world !== undefined && { world: file.world }),
    rules: file.rules.map((rule, i) => ({ rule, outcome: words[i]?.outcome ?? '' })),
  })
  return file.steps?.length ?? 0
}

/** Checks the draft (and with `rule`, the draft with it) as a file is checked; throws the server's message. */
async function check(draft: RuleDraft, rule?: Record<string, unknown>): Promise<ScenarioSummary> {
  const { $schema: _, ...scenario } = draftFile(draft)
  if (rule !== undefined) scenario.rules = [...(scenario.rules as unknown[]), rule]
  return call<ScenarioSummary>('POST', '/__sim/scenario/check', { body: { name: draft.name, scenario } })
}

/** Adds `rule` once the server finds the draft with it valid; throws the server's message otherwise. */
export async function addToRuleDraft(rule: Record<string, unknown>): Promise<void> {
  const draft = ruleDraft.get()
  const summary = await check(draft, rule)
  const rules = [...draft.rules.map(({ rule }) => rule), rule]
  ruleDraft.set({ ...draft, rules: rules.map((rule, i) => ({ rule, outcome: summary.rules[i]?.outcome ?? '' })) })
}

export function removeFromRuleDraft(index: number): void {
  const draft = ruleDraft.get()
  ruleDraft.set({ ...draft, rules: draft.rules.filter((_, i) => i !== index) })
}

/** The exchanges answered under the draft once activated (not those naming it in X-Sim-Scenario), oldest first. */
export function answeredUnderDraft(entries: readonly Entry[], name: string): Entry[] {
  return entries.filter((entry) => entry.scenario === name && entry.requestHeaders['x-sim-scenario'] === undefined)
}

/** The draft's file, with a step per exchange answered under it, once the server finds it valid. */
export async function checkedDraftFile(entries: readonly Entry[]): Promise<Record<string, unknown>> {
  const draft = ruleDraft.get()
  await check(draft)
  const file = draftFile(draft)
  const answered = answeredUnderDraft(entries, draft.name)
  if (answered.length === 0) return file
  const { $schema: _, ...built } = await call<ScenarioFile>('POST', '/__sim/scenario-file', {
    body: {
      exchanges: answered,
      description: draft.description,
      rules: file.rules,
      ...(draft.world !== undefined && { world: draft.world }),
    },
  })
  return { $schema: file.$schema, ...built }
}

/** Activates the draft for the shared world (session null) or one session. */
export async function activateRuleDraft(session: string | null): Promise<void> {
  const { name } = ruleDraft.get()
  const { $schema: _, ...scenario } = draftFile()
  await call('PUT', '/__sim/scenario', { session, body: { name, scenario } })
}

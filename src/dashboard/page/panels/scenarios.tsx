/** Scenarios: the active scenario with each rule's counts, the rule form and draft, and every scenario to activate. */
import { call } from '../api.ts'
import { useLoaded } from '../hooks.ts'
import { copyIntoRuleDraft } from '../rule-draft.ts'
import { actingSession, announce, reportError, useStore } from '../store.ts'
import type { Catalog, ScenarioView } from '../types.ts'
import { RuleDraftCard } from './rule-draft-card.tsx'
import { RuleForm } from './rule-form.tsx'

function target(session: string | null): string {
  return session === null ? 'the shared world' : `session ${session}`
}

function ActiveScenario({ view, onChange }: { view: ScenarioView; onChange: () => void }) {
  const session = useStore(actingSession)
  const deactivate = async () => {
    try {
      await call('DELETE', '/__sim/scenario', { session })
      announce(`No scenario active for ${target(session)}`)
      onChange()
    } catch (error) {
      reportError(error)
    }
  }
  if (view.status === null)
    return (
      <section class="card wide" aria-labelledby="active-title">
        <h3 id="active-title">Active for {target(session)}: none</h3>
        <p>Every operation behaves normally. Activate a scenario below.</p>
      </section>
    )
  return (
    <section class="card wide" aria-labelledby="active-title">
      <h3 id="active-title">
        Active for {target(session)}: {view.status.name}
      </h3>
      <p>{view.status.description}</p>
      <table class="counters">
        <caption>Rules and their counters (live)</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Operation</th>
            <th scope="col" class="number">
              Calls
            </th>
            <th scope="col" class="number">
              Fired
            </th>
          </tr>
        </thead>
        <tbody>
          {view.status.rules.map((rule, i) => (
            <tr key={`${i}-${rule.operation}`} data-rule={i}>
              <td>{i + 1}</td>
              <td>{rule.operation}</td>
              <td class="number" data-counter="calls">
                {rule.calls}
              </td>
              <td class="number" data-counter="fired">
                {rule.fired}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={deactivate}>
        Deactivate {view.status.name} for {target(session)}
      </button>
    </section>
  )
}

export function ScenariosPanel() {
  const session = useStore(actingSession)
  const view = useLoaded(
    () => call<ScenarioView>('GET', '/__sim/scenario', { session }),
    [session],
    ['control', 'exchange'],
  )
  const catalog = useLoaded(() => call<Catalog>('GET', '/__sim/scenarios'), [])
  const activate = async (name: string) => {
    try {
      await call('PUT', '/__sim/scenario', { session, body: { name } })
      announce(`${name} active for ${target(session)}`)
      view.reload()
    } catch (error) {
      reportError(error)
    }
  }
  const copy = async (name: string) => {
    try {
      const steps = await copyIntoRuleDraft(name, catalog.data ?? { scenarios: [] })
      announce(
        `Copied ${name} into the rule draft as ${name}-copy${steps === 0 ? '' : ` (its ${steps} steps are not copied)`}`,
      )
    } catch (error) {
      reportError(error)
    }
  }
  return (
    <>
      {view.data !== undefined && <ActiveScenario view={view.data} onChange={view.reload} />}
      <RuleForm active={view.data?.active ?? null} target={target(session)} session={session} onAdded={view.reload} />
      <RuleDraftCard onActivated={view.reload} />
      <h3>Available scenarios</h3>
      <ul class="scenario-list">
        {catalog.data?.scenarios.map((scenario) => (
          <li key={scenario.name} class="card">
            <h4>{scenario.name}</h4>
            <p>{scenario.description}</p>
            {scenario.world !== null && <p>Starts from the world: {scenario.world}</p>}
            <ul class="rules">
              {scenario.rules.map((rule, i) => (
                <li key={`${i}-${rule.operation}`}>
                  <code>{rule.operation}</code>: {rule.outcome}
                  {rule.description === null ? '' : ` (${rule.description})`}
                </li>
              ))}
            </ul>
            <p>
              {scenario.steps} QA step{scenario.steps === 1 ? '' : 's'}
            </p>
            <button
              type="button"
              onClick={() => activate(scenario.name)}
              disabled={view.data?.active === scenario.name}
              aria-label={`${view.data?.active === scenario.name ? 'Active' : 'Activate'} ${scenario.name} for ${target(session)}`}
            >
              {view.data?.active === scenario.name ? 'Active' : 'Activate'}
            </button>{' '}
            <button type="button" class="link" onClick={() => copy(scenario.name)}>
              Copy {scenario.name} into the rule draft
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}

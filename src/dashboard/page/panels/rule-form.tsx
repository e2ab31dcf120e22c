/**
 * The rule form of the Scenarios panel: which calls a rule applies to (operation, matched fields,
 * from the nth call, every nth, at most n times) and what it does (an error answer, a delay, a
 * network failure), added either to the active scenario of the shared world or the acting session
 * (`POST /__sim/scenario/rules`, in force from the next request) or to the rule draft. The page
 * checks nothing itself: the simulator validates with the scenario schema, and its message, the
 * one a scenario file would get, is shown under the form.
 */
import { useState } from 'preact/hooks'
import { call } from '../api.ts'
import { useLoaded } from '../hooks.ts'
import { addToRuleDraft, ruleDraft } from '../rule-draft.ts'
import { EMPTY_RULE_FIELDS, type RuleFields, ruleFromFields } from '../rule-fields.ts'
import { announce, useStore } from '../store.ts'

/** The operations a rule may name, from the served scenario schema (the page bundles no contract). */
function operationsOf(schema: unknown): readonly string[] {
  const rules = (schema as { properties?: { rules?: { items?: { properties?: { operation?: { enum?: unknown } } } } } })
    ?.properties?.rules?.items?.properties?.operation?.enum
  return Array.isArray(rules) ? rules.filter((id): id is string => typeof id === 'string') : ['*']
}

type TextField = Exclude<keyof RuleFields, 'networkError'>

interface RuleFormProps {
  /** The active scenario's name for the target, or null. */
  readonly active: string | null
  /** Whom the active scenario is for, in words: "the shared world", "session qa-1". */
  readonly target: string
  readonly session: string | null
  readonly onAdded: () => void
}

export function RuleForm({ active, target, session, onAdded }: RuleFormProps) {
  const draft = useStore(ruleDraft)
  const [fields, setFields] = useState<RuleFields>(EMPTY_RULE_FIELDS)
  const [error, setError] = useState('')
  const schema = useLoaded(() => call<unknown>('GET', '/__sim/scenario.schema.json'), [])
  const operations = operationsOf(schema.data)
  const set = (name: TextField) => (event: { currentTarget: { value: string } }) =>
    setFields({ ...fields, [name]: event.currentTarget.value })
  // Labels beside their fields, not around them: a label around a select would add its choice to its name.
  const input = (name: TextField, label: string, hint?: string) => (
    <span>
      <label htmlFor={`rule-${name}`}>{label}</label>{' '}
      <input id={`rule-${name}`} type="text" value={fields[name]} placeholder={hint} onInput={set(name)} />
    </span>
  )
  const activeTarget = active === null ? `a new scenario added-rules for ${target}` : `${active} for ${target}`
  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    const toDraft = (event.submitter as HTMLButtonElement | null)?.value === 'draft'
    try {
      const rule = ruleFromFields(fields)
      if (toDraft) {
        await addToRuleDraft(rule)
        announce(`Rule ${ruleDraft.get().rules.length} (${fields.operation}) added to draft ${draft.name}`)
      } else {
        await call('POST', '/__sim/scenario/rules', { session, body: rule })
        announce(`Rule (${fields.operation}) added to ${activeTarget}, in force from the next request`)
        onAdded()
      }
      setError('')
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  return (
    <form class="card wide rule-form" aria-labelledby="rule-form-title" onSubmit={submit} noValidate>
      <h3 id="rule-form-title">Add a rule</h3>
      <p>The simulator checks the rule as it checks a scenario file (docs/scenarios.md); empty fields are left out.</p>
      <fieldset>
        <legend>Which calls</legend>
        <div class="row">
          <span>
            <label htmlFor="rule-operation">Operation</label>{' '}
            <select id="rule-operation" value={fields.operation} onChange={set('operation')}>
              {operations.map((id) => (
                <option key={id} value={id}>
                  {id === '*' ? '* (every operation)' : id}
                </option>
              ))}
            </select>
          </span>
          {input('fromCall', 'From call number', 'e.g. 2: the 2nd and later')}
          {input('every', 'Every nth call', 'e.g. 3: calls 3, 6, 9…')}
          {input('times', 'At most (times)', 'e.g. 1')}
        </div>
        <div class="row">
          {input('matchParams', 'Match path parameters (JSON)', '{"debtorAddress": "0x…"}')}
          {input('matchQuery', 'Match query (JSON)', '{"status": "open"}')}
          {input('matchBody', 'Match body (JSON)', '{"amount": "1500"}')}
        </div>
        {input('description', 'Description (optional)')}
      </fieldset>
      <fieldset>
        <legend>What it does</legend>
        <div class="row">
          {input('status', 'Answer status', 'e.g. 503')}
          {input('message', 'Answer message', 'e.g. Service unavailable')}
          {input('error', 'Answer error (optional)', 'default: the reason phrase')}
        </div>
        <div class="row">
          {input('delayMs', 'Delay (ms)', 'e.g. 2000')}
          {input('delayMaxMs', 'Delay up to (ms, optional)', 'random between the two')}
          <label>
            <input
              type="checkbox"
              checked={fields.networkError}
              onChange={(event) => setFields({ ...fields, networkError: event.currentTarget.checked })}
            />{' '}
            Network error (no HTTP answer)
          </label>
        </div>
      </fieldset>
      <p role="alert" class="notice-error" id="rule-form-error">
        {error}
      </p>
      <div class="row">
        <button type="submit" value="active">
          Add rule to {activeTarget}
        </button>
        <button type="submit" value="draft">
          Add rule to draft {draft.name}
        </button>
        <button type="button" class="link" onClick={() => setFields(EMPTY_RULE_FIELDS)}>
          Clear the rule form
        </button>
      </div>
    </form>
  )
}

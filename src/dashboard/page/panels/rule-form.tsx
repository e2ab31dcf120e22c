/**
 * The rule form of the Scenarios panel, built from the served rule schema (`../schema-form.ts`). The
 * simulator validates the rule, and its message, a scenario file's, is shown under the form.
 */
import { useMemo, useState } from 'preact/hooks'
import { call } from '../api.ts'
import { useLoaded } from '../hooks.ts'
import { addToRuleDraft, ruleDraft } from '../rule-draft.ts'
import { type FormValues, objectOf, ruleFormOf } from '../schema-form.ts'
import { announce, useStore } from '../store.ts'
import { SchemaFields } from './schema-fields.tsx'

/** The rule's operation in an announcement, when it names one. */
const operationOf = (rule: Record<string, unknown>) =>
  typeof rule.operation === 'string' ? ` (${rule.operation})` : ''

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
  const [values, setValues] = useState<FormValues>({})
  const [error, setError] = useState('')
  // Loaded once: the schema changes only with the simulator's version.
  const schema = useLoaded(() => call<unknown>('GET', '/__sim/scenario.schema.json'), [], [])
  const form = useMemo(() => ruleFormOf(schema.data), [schema.data])
  const activeTarget = active === null ? `a new scenario added-rules for ${target}` : `${active} for ${target}`
  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    const toDraft = (event.submitter as HTMLButtonElement | null)?.value === 'draft'
    try {
      if (form === undefined) return
      const rule = objectOf(form, values)
      if (toDraft) {
        await addToRuleDraft(rule)
        announce(`Rule ${ruleDraft.get().rules.length}${operationOf(rule)} added to draft ${draft.name}`)
      } else {
        await call('POST', '/__sim/scenario/rules', { session, body: rule })
        announce(`Rule${operationOf(rule)} added to ${activeTarget}, in force from the next request`)
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
      <p>
        The fields are those of a rule in a scenario file (docs/scenarios.md); empty fields are left out, and the
        simulator checks the rule as it checks a file.
      </p>
      {form === undefined ? (
        <p class="loading">Loading the rule schema…</p>
      ) : (
        <SchemaFields
          field={form}
          values={values}
          idPrefix="rule-"
          onChange={(key, value) => setValues((before) => ({ ...before, [key]: value }))}
        />
      )}
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
        <button type="button" class="link" onClick={() => setValues({})}>
          Clear the rule form
        </button>
      </div>
    </form>
  )
}

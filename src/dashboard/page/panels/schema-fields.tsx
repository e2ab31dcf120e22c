/** The fields of a form read from a JSON Schema (`../schema-form.ts`), rendered, labelled and described. */
import type { ComponentChildren } from 'preact'
import { choiceOf, type FormField, type FormValues } from '../schema-form.ts'

interface SchemaFieldsProps {
  readonly field: FormField
  readonly values: FormValues
  readonly onChange: (key: string, value: string | boolean) => void
  /** Prefix of the controls' ids, unique in the page. */
  readonly idPrefix: string
}

/** A choice's option in words: strings as they are, anything else as JSON. */
const optionText = (option: unknown) => (typeof option === 'string' ? option : JSON.stringify(option))

/** The description under a control, and the id that points to it; "Required." first for a field that may be left empty. */
function describe(field: FormField, id: string): { readonly hint: ComponentChildren; readonly describedBy?: string } {
  const mayBeEmpty = field.kind === 'text' || field.kind === 'json'
  const words = [field.required && mayBeEmpty ? 'Required.' : '', field.description ?? '']
    .filter((word) => word !== '')
    .join(' ')
  if (words === '') return { hint: null }
  return { hint: <small id={`${id}-hint`}>{words}</small>, describedBy: `${id}-hint` }
}

/** The fields of `field`: a group's members (scalars first in a row, then nested groups), or the field itself. */
export function SchemaFields({ field, values, onChange, idPrefix }: SchemaFieldsProps) {
  if (field.kind === 'group') {
    return (
      <div class="schema-fields row">
        {field.fields.map((member) => (
          <SchemaField key={member.key} field={member} values={values} onChange={onChange} idPrefix={idPrefix} />
        ))}
      </div>
    )
  }
  return <SchemaField field={field} values={values} onChange={onChange} idPrefix={idPrefix} />
}

function SchemaField({ field, values, onChange, idPrefix }: SchemaFieldsProps) {
  const id = `${idPrefix}${field.key}`
  const { hint, describedBy } = describe(field, id)
  const typed = values[field.key]
  const text = typeof typed === 'string' ? typed : ''
  const onText = (event: { currentTarget: { value: string } }) => onChange(field.key, event.currentTarget.value)
  // Labels beside their fields, not around them: a label around a select would add its choice to its name.
  const labelled = (control: ComponentChildren, label = field.label) => (
    <span class="schema-field">
      <label htmlFor={id}>{label}</label> {control}
      {hint}
    </span>
  )
  switch (field.kind) {
    case 'text':
      return labelled(
        <input
          id={id}
          type="text"
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={text}
          placeholder={field.placeholder}
          aria-describedby={describedBy}
          onInput={onText}
        />,
      )
    case 'json':
      return labelled(
        <input
          id={id}
          type="text"
          class="json"
          value={text}
          placeholder={field.placeholder}
          aria-describedby={describedBy}
          onInput={onText}
        />,
        `${field.label} (JSON)`,
      )
    case 'choice':
      return labelled(
        <select id={id} value={choiceOf(field, values)} aria-describedby={describedBy} onChange={onText}>
          {!field.required && <option value="">(not given)</option>}
          {field.options.map((option, i) => (
            <option key={optionText(option)} value={String(i)}>
              {optionText(option)}
            </option>
          ))}
        </select>,
      )
    case 'flag':
      return (
        <span class="schema-field">
          <label>
            <input
              type="checkbox"
              checked={typed === true}
              aria-describedby={describedBy}
              onChange={(event) => onChange(field.key, event.currentTarget.checked)}
            />{' '}
            {field.label}
          </label>
          {hint}
        </span>
      )
    case 'alternatives': {
      const chosen = field.alternatives[Number(choiceOf(field, values))] ?? field.alternatives[0]!
      return (
        <div class="schema-alternatives">
          {labelled(
            <select id={id} value={choiceOf(field, values)} aria-describedby={describedBy} onChange={onText}>
              {field.alternatives.map((alternative, i) => (
                <option key={alternative.label} value={String(i)}>
                  {alternative.label}
                </option>
              ))}
            </select>,
            `${field.label} kind`,
          )}
          <SchemaFields field={chosen.field} values={values} onChange={onChange} idPrefix={idPrefix} />
        </div>
      )
    }
    case 'group':
      return (
        <fieldset class="schema-group">
          <legend>{field.label}</legend>
          {hint}
          <SchemaFields field={field} values={values} onChange={onChange} idPrefix={idPrefix} />
        </fieldset>
      )
  }
}

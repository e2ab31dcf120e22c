/**
 * The rule editor's form, read from the served rule schema, so a new rule kind needs no change to the
 * page (decision 0021). The page checks only that raw JSON parses; the server validates the rest.
 */

import type { JsonSchema } from '../../contract/json-schema.ts'

interface FieldBase {
  /** Where its value is kept in `FormValues`, and the element ids are made from. */
  readonly key: string
  /** Its property's name in the object around it; empty for the rule itself and for a form of an `anyOf`. */
  readonly name: string
  /** The field's title in the schema, or its path in the rule as a file writes it (`respond.status`; the rule itself: `rule`). */
  readonly label: string
  readonly description?: string
  readonly required: boolean
}

/** A field of the form, as its schema describes it. */
export type FormField =
  | (FieldBase & { readonly kind: 'text'; readonly type: 'string' | 'number'; readonly placeholder?: string })
  | (FieldBase & { readonly kind: 'choice'; readonly options: readonly unknown[] })
  | (FieldBase & { readonly kind: 'flag'; readonly value: unknown })
  | (FieldBase & { readonly kind: 'group'; readonly fields: readonly FormField[] })
  | (FieldBase & { readonly kind: 'alternatives'; readonly alternatives: readonly Alternative[] })
  | (FieldBase & { readonly kind: 'json'; readonly placeholder: string })

/** One form of an `anyOf`/`oneOf` field: its name in the choice, and its own field. */
interface Alternative {
  readonly label: string
  readonly field: FormField
}

/** What was typed, by field key: text (a choice holds its option's index; empty: not given), or true for a checkbox. */
export type FormValues = Readonly<Record<string, string | boolean>>

/** A form's own mistake: a raw JSON field that does not parse. */
class FormError extends Error {
  override name = 'FormError'
}

/** The scenario schema's rule: `properties.rules.items`; undefined until the schema loaded. */
export function ruleFormOf(scenarioSchema: unknown): FormField | undefined {
  const document = scenarioSchema as { properties?: { rules?: { items?: JsonSchema } } } | undefined
  const rule = document?.properties?.rules?.items
  if (rule === undefined || typeof rule !== 'object') return undefined
  return fieldOf(rule, {
    key: '',
    name: '',
    path: '',
    required: true,
    document: scenarioSchema as JsonSchema,
    refs: [],
  })
}

interface Place {
  readonly key: string
  readonly name: string
  /** The field's path in the rule, as a file writes it. */
  readonly path: string
  readonly required: boolean
  /** The whole schema, against which `$ref`s resolve. */
  readonly document: JsonSchema
  /** The `$ref`s followed to get here, so that a cycle ends in a raw JSON field. */
  readonly refs: readonly string[]
}

const typesOf = (schema: JsonSchema): readonly string[] =>
  schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type

/** A local reference (`#/$defs/x`) resolved against the document; undefined when it is not one. */
function resolved(ref: string, document: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = document
  for (const part of ref.slice(2).split('/')) {
    const name = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~')
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined
  }
  return node !== null && typeof node === 'object' ? (node as JsonSchema) : undefined
}

const join = (parent: string, name: string) => (parent === '' ? name : `${parent}.${name}`)

function fieldOf(schema: JsonSchema, place: Place): FormField {
  const base: FieldBase = {
    key: place.key,
    name: place.name,
    label: schema.title ?? (place.path === '' ? 'rule' : place.path),
    required: place.required,
    ...(schema.description !== undefined && { description: schema.description }),
  }
  if (schema.$ref !== undefined) {
    const target = place.refs.includes(schema.$ref) ? undefined : resolved(schema.$ref, place.document)
    if (target === undefined) return { ...base, kind: 'json', placeholder: '"value"' }
    const { $ref: _, ...rest } = schema
    return fieldOf({ ...target, ...rest }, { ...place, refs: [...place.refs, schema.$ref] })
  }
  const types = typesOf(schema)
  if ('const' in schema) return { ...base, kind: 'flag', value: schema.const }
  if (schema.enum !== undefined) return { ...base, kind: 'choice', options: schema.enum }
  const forms = schema.anyOf ?? schema.oneOf
  if (forms !== undefined && forms.length > 0) {
    const alternatives = forms.map((form, i) => ({
      label: formLabel(form, place.document),
      field: fieldOf({ ...form, description: undefined, title: schema.title } as JsonSchema, {
        ...place,
        key: `${place.key}|${i}`,
        name: '',
      }),
    }))
    return { ...base, kind: 'alternatives', alternatives }
  }
  if (types.length === 1 && types[0] === 'boolean') return { ...base, kind: 'choice', options: [true, false] }
  if (types.length === 1 && (types[0] === 'string' || types[0] === 'number' || types[0] === 'integer')) {
    const example = schema.examples?.[0]
    return {
      ...base,
      kind: 'text',
      type: types[0] === 'string' ? 'string' : 'number',
      ...(example !== undefined && {
        placeholder: `e.g. ${typeof example === 'string' ? example : JSON.stringify(example)}`,
      }),
    }
  }
  const properties = schema.properties
  const isRecord = typeof schema.additionalProperties === 'object'
  if (properties !== undefined && Object.keys(properties).length > 0 && !isRecord) {
    const required = schema.required ?? []
    const fields = Object.entries(properties).map(([name, property]) =>
      fieldOf(property, {
        ...place,
        key: join(place.key, name),
        name,
        path: join(place.path, name),
        required: required.includes(name),
      }),
    )
    return { ...base, kind: 'group', fields }
  }
  return { ...base, kind: 'json', placeholder: jsonExample(schema, types) }
}

/** A form of an `anyOf` in the choice: its title, its constant, its members or its type. */
function formLabel(form: JsonSchema, document: JsonSchema): string {
  const schema = form.$ref === undefined ? form : (resolved(form.$ref, document) ?? form)
  if (form.title !== undefined) return form.title
  if ('const' in schema) return JSON.stringify(schema.const)
  if (schema.enum !== undefined) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`
  if (schema.properties !== undefined) return `{${Object.keys(schema.properties).join(', ')}}`
  const types = typesOf(schema)
  return types.length > 0 ? types.join(' or ') : 'JSON'
}

function jsonExample(schema: JsonSchema, types: readonly string[]): string {
  if (schema.examples?.[0] !== undefined) return JSON.stringify(schema.examples[0])
  if (types.includes('array')) return '["value"]'
  if (types.includes('object') || schema.additionalProperties !== undefined) return '{"name": "value"}'
  return '"value"'
}

/** A number field as a number; what does not read as one stays text, for the server to name. */
const numberOf = (text: string): number | string => (Number.isNaN(Number(text)) ? text : Number(text))

/** Where a choice stands: the option's index, or empty when nothing is chosen (a required one starts on its first). */
export function choiceOf(field: FormField, values: FormValues): string {
  const chosen = values[field.key]
  if (typeof chosen === 'string') return chosen
  return field.required || field.kind === 'alternatives' ? '0' : ''
}

/** A field's value, and whether anything was typed in it (a required choice or constant is given untouched). */
type Built = { readonly typed: boolean } & (
  | { readonly given: false }
  | { readonly given: true; readonly value: unknown }
)
const NOT_GIVEN: Built = { typed: false, given: false }
const typedValue = (value: unknown): Built => ({ typed: true, given: true, value })

/** The field's value from what was typed (a group's when something in it was, or `whole`); throws a FormError. */
function build(field: FormField, values: FormValues, whole = false): Built {
  const typed = values[field.key]
  switch (field.kind) {
    case 'text': {
      const text = typeof typed === 'string' ? typed.trim() : ''
      if (text === '') return NOT_GIVEN
      return typedValue(field.type === 'number' ? numberOf(text) : text)
    }
    case 'choice': {
      const index = choiceOf(field, values)
      if (index === '') return NOT_GIVEN
      return { typed: typeof typed === 'string', given: true, value: field.options[Number(index)] }
    }
    case 'flag':
      if (typed === true) return typedValue(field.value)
      return field.required ? { typed: false, given: true, value: field.value } : NOT_GIVEN
    case 'alternatives': {
      const chosen = field.alternatives[Number(choiceOf(field, values))] ?? field.alternatives[0]!
      return build(chosen.field, values, whole)
    }
    case 'json': {
      const text = typeof typed === 'string' ? typed.trim() : ''
      if (text === '') return NOT_GIVEN
      try {
        return typedValue(JSON.parse(text))
      } catch {
        throw new FormError(`${field.label} must be JSON, e.g. ${field.placeholder}`)
      }
    }
    case 'group': {
      const members: Record<string, unknown> = {}
      let anyTyped = false
      for (const member of field.fields) {
        const built = build(member, values)
        if (built.given) members[member.name] = built.value
        anyTyped ||= built.typed
      }
      return anyTyped || whole ? { typed: anyTyped, given: true, value: members } : NOT_GIVEN
    }
  }
}

/** The object the form describes (a scenario rule), its empty fields left out; throws a FormError for bad JSON. */
export function objectOf(form: FormField, values: FormValues): Record<string, unknown> {
  const built = build(form, values, true)
  return built.given && built.value !== null && typeof built.value === 'object'
    ? (built.value as Record<string, unknown>)
    : {}
}

/**
 * The rule editor's form as the JSON Schema of a rule describes it (src/dashboard/page/schema-form.ts):
 * every property of the served schema's rule is a field; a rule kind added to the schema (here a
 * synthetic one, added in the test) is offered with its fields and builds a rule the schema accepts,
 * with no change to the page; kinds given as a `oneOf` become a choice of kind; what the form cannot
 * render as fields is raw JSON. Empty fields are left out and the server validates the rest.
 */
import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { type FormField, type FormValues, objectOf, ruleFormOf } from '../../src/dashboard/page/schema-form.ts'
import { ScenarioRule } from '../../src/scenarios/rule-schema.ts'

/** The scenario schema as the simulator serves it (GET /__sim/scenario.schema.json), a fresh copy per call. */
const servedSchema = () =>
  JSON.parse(readFileSync(new URL('../../scenarios/scenario.schema.json', import.meta.url), 'utf8'))

/** A rule kind the simulator does not have: what CONTRIBUTING's recipe adds to the rule schema. */
const CORRUPT_BODY = {
  type: 'object',
  description: 'Answer with the normal body cut short.',
  properties: {
    keepBytes: { type: 'integer', minimum: 0, description: 'How many bytes of the body to keep.' },
    as: { type: 'string', enum: ['text', 'json'], description: 'The Content-Type of what is left.' },
    log: { type: 'boolean', const: true, description: 'Also log the cut.' },
  },
  required: ['keepBytes'],
  additionalProperties: false,
}

/** The fields of the form, the forms of each `anyOf` included, by label. */
function fieldsOf(field: FormField): FormField[] {
  const inner =
    field.kind === 'group'
      ? field.fields.flatMap(fieldsOf)
      : field.kind === 'alternatives'
        ? field.alternatives.flatMap((form) => fieldsOf(form.field))
        : []
  return [field, ...inner]
}

/** The field labelled so; without a kind, the one a value is typed in (an anyOf and its forms share their label). */
function fieldLabelled(form: FormField, label: string, kind?: FormField['kind']): FormField {
  const labelled = fieldsOf(form).filter((field) => field.label === label)
  const found =
    kind !== undefined
      ? labelled.filter((field) => field.kind === kind)
      : labelled.length === 1
        ? labelled
        : labelled.filter((field) => field.kind !== 'alternatives' && field.kind !== 'group')
  if (found.length !== 1) throw new Error(`${found.length} fields labelled ${label}`)
  return found[0]!
}

/** Fills the form as a user does: text typed, an option or a kind (`… kind`: the form of an anyOf) chosen by its label, a box ticked. */
function filled(form: FormField, entries: Record<string, string | boolean>): FormValues {
  const values: Record<string, string | boolean> = {}
  for (const [label, value] of Object.entries(entries)) {
    const field = fieldLabelled(form, label.replace(/ kind$/, ''), label.endsWith(' kind') ? 'alternatives' : undefined)
    if (field.kind === 'choice') values[field.key] = String(field.options.indexOf(value))
    else if (field.kind === 'alternatives')
      values[field.key] = String(field.alternatives.findIndex((alternative) => alternative.label === value))
    else values[field.key] = value
  }
  return values
}

const validatorOf = (schema: object) => {
  const validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema)
  return (rule: unknown) => (validate({ description: 'x', rules: [rule] }) ? [] : validate.errors)
}

describe('the rule form, from the served scenario schema', () => {
  it('has a field for every property of a rule, in the order of the schema', () => {
    const schema = servedSchema()
    const form = ruleFormOf(schema)!
    expect(form.kind).toBe('group')
    if (form.kind !== 'group') return
    expect(form.fields.map((field) => field.label)).toEqual(Object.keys(schema.properties.rules.items.properties))
    const operation = fieldLabelled(form, 'operation')
    expect(operation).toMatchObject({ kind: 'choice', required: true })
    expect(operation.kind === 'choice' && operation.options).toEqual(
      schema.properties.rules.items.properties.operation.enum,
    )
  })

  it('offers a rule kind added to the schema, with its fields, and builds a rule the schema accepts', () => {
    const schema = servedSchema()
    const accepts = validatorOf(structuredClone(schema))
    schema.properties.rules.items.properties.corruptBody = CORRUPT_BODY
    const form = ruleFormOf(schema)!

    const kind = fieldLabelled(form, 'corruptBody')
    expect(kind).toMatchObject({
      kind: 'group',
      required: false,
      description: 'Answer with the normal body cut short.',
    })
    expect(fieldLabelled(form, 'corruptBody.keepBytes')).toMatchObject({
      kind: 'text',
      type: 'number',
      required: true,
      description: 'How many bytes of the body to keep.',
    })
    expect(fieldLabelled(form, 'corruptBody.as')).toMatchObject({ kind: 'choice', options: ['text', 'json'] })
    expect(fieldLabelled(form, 'corruptBody.log')).toMatchObject({ kind: 'flag', value: true })

    const rule = objectOf(
      form,
      filled(form, { operation: 'getUser', times: '2', 'corruptBody.keepBytes': ' 12 ', 'corruptBody.as': 'json' }),
    )
    expect(rule).toEqual({ operation: 'getUser', times: 2, corruptBody: { keepBytes: 12, as: 'json' } })
    expect(validatorOf(schema)(rule)).toEqual([])
    // Not a rule of the simulator's own schema: the form follows the schema it is given.
    expect(accepts(rule)).not.toEqual([])

    const ticked = objectOf(form, filled(form, { 'corruptBody.keepBytes': '0', 'corruptBody.log': true }))
    expect(ticked).toEqual({ operation: '*', corruptBody: { keepBytes: 0, log: true } })
    expect(validatorOf(schema)(ticked)).toEqual([])
  })

  it('writes "createManagerPayment answers 503 from the 2nd call on" as a file would, empty fields left out', () => {
    const form = ruleFormOf(servedSchema())!
    const rule = objectOf(
      form,
      filled(form, {
        operation: 'createManagerPayment',
        fromCall: '2',
        description: '',
        'respond.status': '503',
        'respond.message': 'Payments are down',
        'respond.error': '  ',
      }),
    )
    expect(rule).toEqual({
      operation: 'createManagerPayment',
      fromCall: 2,
      respond: { status: 503, message: 'Payments are down' },
    })
    expect(ScenarioRule.safeParse(rule).success).toBe(true)
  })

  it('takes the forms of an anyOf (a delay or a range), raw JSON for records, and a network error', () => {
    const form = ruleFormOf(servedSchema())!
    const delayMs = fieldLabelled(form, 'delayMs', 'alternatives')
    expect(delayMs.kind === 'alternatives' && delayMs.alternatives.map((form) => form.label)).toEqual([
      'integer',
      '{min, max}',
    ])
    expect(fieldLabelled(form, 'match.params')).toMatchObject({ kind: 'json' })
    expect(fieldLabelled(form, 'respond.headers')).toMatchObject({ kind: 'json' })
    const rule = objectOf(
      form,
      filled(form, {
        operation: 'updateManagerPayment',
        description: ' slow updates ',
        'match.params': '{"id": "p-1"}',
        'match.body': '{"status": "x"}',
        every: '3',
        delayMs: '40',
        'delayMs kind': '{min, max}',
        'delayMs.min': '0',
        'delayMs.max': '500',
        networkError: true,
      }),
    )
    expect(rule).toEqual({
      operation: 'updateManagerPayment',
      description: 'slow updates',
      match: { params: { id: 'p-1' }, body: { status: 'x' } },
      every: 3,
      delayMs: { min: 0, max: 500 },
      networkError: true,
    })
    expect(ScenarioRule.safeParse(rule).success).toBe(true)
    expect(objectOf(form, filled(form, { delayMs: '40' }))).toEqual({ operation: '*', delayMs: 40 })
  })

  it('leaves what is not a number as text, and a missing status missing, for the server to name', () => {
    const form = ruleFormOf(servedSchema())!
    const rule = objectOf(form, filled(form, { times: 'twice', 'respond.message': 'down' }))
    expect(rule).toEqual({ operation: '*', times: 'twice', respond: { message: 'down' } })
    const refused = ScenarioRule.safeParse(rule)
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['respond.status', 'times'])
  })

  it('refuses raw JSON that does not parse, naming the field', () => {
    const form = ruleFormOf(servedSchema())!
    expect(() => objectOf(form, filled(form, { 'match.body': '{amount: 1}' }))).toThrow(
      'match.body must be JSON, e.g. {"name": "value"}',
    )
  })

  it('turns kinds given as a oneOf into a choice of kind, each with its own fields', () => {
    const schema = servedSchema()
    const { operation } = schema.properties.rules.items.properties
    schema.properties.rules.items = {
      oneOf: [
        {
          title: 'fail',
          type: 'object',
          properties: { kind: { const: 'fail' }, operation, status: { type: 'integer' } },
          required: ['kind', 'operation', 'status'],
          additionalProperties: false,
        },
        {
          title: 'slow down',
          type: 'object',
          properties: { kind: { const: 'slow' }, operation, ms: { type: 'integer' } },
          required: ['kind', 'operation', 'ms'],
          additionalProperties: false,
        },
      ],
    }
    const form = ruleFormOf(schema)!
    expect(form.kind === 'alternatives' && form.alternatives.map((kind) => kind.label)).toEqual(['fail', 'slow down'])
    const values = { ...filled(form, { 'rule kind': 'slow down' }), ...filled(form, { ms: '20' }) }
    const rule = objectOf(form, values)
    expect(rule).toEqual({ kind: 'slow', operation: '*', ms: 20 })
    expect(validatorOf(schema)(rule)).toEqual([])
  })

  it('ends a cycle of $refs in a raw JSON field', () => {
    const schema = servedSchema()
    schema.$defs.Tree = { type: 'object', properties: { leaf: { type: 'string' }, next: { $ref: '#/$defs/Tree' } } }
    schema.properties.rules.items.properties.tree = { $ref: '#/$defs/Tree' }
    const form = ruleFormOf(schema)!
    expect(fieldLabelled(form, 'tree.next')).toMatchObject({ kind: 'json' })
    expect(objectOf(form, filled(form, { 'tree.leaf': 'a', 'tree.next': '{"leaf": "b"}' }))).toEqual({
      operation: '*',
      tree: { leaf: 'a', next: { leaf: 'b' } },
    })
  })

  it('has no form until the schema has loaded', () => {
    expect(ruleFormOf(undefined)).toBeUndefined()
    expect(ruleFormOf({ properties: {} })).toBeUndefined()
  })
})

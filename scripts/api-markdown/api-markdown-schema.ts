/**
 * The JSON Schema half of the API reference (api-markdown.ts): turns the schemas of the OpenAPI
 * document into markdown — a node's type ("array of `Parcel` objects"), its format and constraints
 * (ADDRESS, HASH, dates, enums, patterns, lengths, bounds) and the field rows of an object, with
 * nested objects and arrays flattened into dotted paths (`parcels[].amount`).
 */
import * as z from 'zod/mini'
import { ADDRESS_PATTERN, Address, dateMeta, dateTimeMeta, HASH_PATTERN, Hash } from '../../src/contract/formats.ts'

/** The part of JSON Schema (draft 2020-12) that zod's output uses. */
export interface SchemaNode {
  $ref?: string
  type?: string | string[]
  properties?: Record<string, SchemaNode>
  required?: string[]
  items?: SchemaNode
  anyOf?: SchemaNode[]
  oneOf?: SchemaNode[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  description?: string
  title?: string
  example?: unknown
  examples?: unknown[]
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
}

/** `components.schemas` of the OpenAPI document, by name. */
export type Components = Readonly<Record<string, SchemaNode>>

/** One row of a field table. */
export interface FieldRow {
  name: string
  type: string
  required: boolean
  constraints: string
}

const REF_PREFIX = '#/components/schemas/'

/** Patterns the reference names instead of printing; its introduction explains them. */
const NAMED_PATTERNS: ReadonlyMap<string, string> = new Map([
  [ADDRESS_PATTERN.source, 'ADDRESS'],
  [HASH_PATTERN.source, 'HASH'],
])

/** String formats, said in words; their (long) generated patterns are left out. */
const FORMATS: Readonly<Record<string, string>> = {
  date: 'date `YYYY-MM-DD`',
  'date-time': 'ISO 8601 date-time',
  uuid: 'UUID',
  email: 'e-mail address',
}

/** The descriptions of the formats themselves, which the format's name already says. */
const FORMAT_DESCRIPTIONS: ReadonlySet<string> = new Set(
  [
    z.globalRegistry.get(Address)?.description,
    z.globalRegistry.get(Hash)?.description,
    dateMeta.description,
    dateTimeMeta.description,
  ].filter((text) => text !== undefined),
)

/** zod writes `.int()` as these bounds; they say nothing to a reader. */
const SAFE_INTEGER_BOUNDS = new Set([Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER])

export function refName(node: SchemaNode): string | undefined {
  return node.$ref?.startsWith(REF_PREFIX) ? node.$ref.slice(REF_PREFIX.length) : undefined
}

/** The node a `$ref` points at (the node itself when it is not a reference). */
function resolve(node: SchemaNode, components: Components): SchemaNode {
  const name = refName(node)
  if (name === undefined) return node
  const target = components[name]
  if (target === undefined) throw new Error(`unknown schema reference ${node.$ref}`)
  return target
}

function isObject(node: SchemaNode): boolean {
  return node.type === 'object' || node.properties !== undefined
}

function alternativesOf(node: SchemaNode): SchemaNode[] | undefined {
  return node.anyOf ?? node.oneOf
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}

/** The type of a node in words: `string`, `` `Parcel` object ``, `array of integers`. */
export function typeText(node: SchemaNode, components: Components, plural = false): string {
  const target = resolve(node, components)
  const alternatives = alternativesOf(target)
  const name = refName(node)
  // A named body of several object forms (SimSetClock) is one object type with forms.
  if (alternatives !== undefined && name !== undefined && objectForms(node, components) !== undefined)
    return plural ? `\`${name}\` objects` : `\`${name}\` object`
  if (alternatives !== undefined) {
    return unique(alternatives.map((alternative) => typeText(alternative, components, plural))).join(' or ')
  }
  if (target.type === 'array') {
    return `array of ${target.items === undefined ? 'values' : typeText(target.items, components, true)}`
  }
  // A nullable value is typed `["string", "null"]`: "string or null".
  if (Array.isArray(target.type)) return target.type.map((type) => (plural ? `${type}s` : type)).join(' or ')
  const word = isObject(target) ? (name === undefined ? 'object' : `\`${name}\` object`) : (target.type ?? 'value')
  return plural ? `${word}s` : word
}

function lengthText(unit: string, min?: number, max?: number): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min} ${unit}` : `${min}–${max} ${unit}`
  if (max !== undefined) return `at most ${max} ${unit}`
  if (min !== undefined) return `at least ${min} ${unit}`
  return undefined
}

function boundsText(node: SchemaNode): string[] {
  const parts: string[] = []
  if (node.minimum !== undefined && !SAFE_INTEGER_BOUNDS.has(node.minimum)) parts.push(`≥ ${node.minimum}`)
  if (node.exclusiveMinimum !== undefined) parts.push(`> ${node.exclusiveMinimum}`)
  if (node.maximum !== undefined && !SAFE_INTEGER_BOUNDS.has(node.maximum)) parts.push(`≤ ${node.maximum}`)
  if (node.exclusiveMaximum !== undefined) parts.push(`< ${node.exclusiveMaximum}`)
  return parts
}

/** Format, enum values, pattern, lengths, bounds and description of a node; '' when none. */
export function constraintsText(node: SchemaNode, components: Components): string {
  const target = resolve(node, components)
  const alternatives = alternativesOf(target)
  if (alternatives !== undefined) {
    // A union that says what it is says it better than its alternatives one by one.
    if (target.description !== undefined) return target.description
    const each = alternatives.map((alternative) => constraintsText(alternative, components))
    return each.every((text) => text !== '') ? unique(each).join(' or ') : ''
  }
  // An object's fields get rows of their own; only what it says of itself goes here.
  if (isObject(target)) return target.description ?? ''
  const parts: string[] = []
  const named = target.pattern === undefined ? undefined : NAMED_PATTERNS.get(target.pattern)
  if (named !== undefined) parts.push(named)
  else if (target.format !== undefined) parts.push(FORMATS[target.format] ?? `format \`${target.format}\``)
  // A pattern the description says in words (bounded amounts, "ADDRESS or empty") is not printed.
  else if (target.pattern !== undefined && target.description === undefined) parts.push(`pattern \`${target.pattern}\``)
  if (target.enum !== undefined) parts.push(`one of ${target.enum.map((value) => `\`${String(value)}\``).join(', ')}`)
  if (target.const !== undefined) parts.push(`always \`${String(target.const)}\``)
  const length = lengthText('characters', target.minLength, target.maxLength)
  if (length !== undefined) parts.push(length)
  parts.push(...boundsText(target))
  if (target.type === 'array') {
    const items = lengthText('items', target.minItems, target.maxItems)
    if (items !== undefined) parts.push(items)
    const each = target.items === undefined ? '' : constraintsText(target.items, components)
    if (each !== '') parts.push(`each: ${each}`)
  }
  if (target.description !== undefined && !FORMAT_DESCRIPTIONS.has(target.description)) parts.push(target.description)
  const example = target.examples?.[0] ?? target.example
  if (example !== undefined && example !== '')
    parts.push(`e.g. \`${typeof example === 'string' ? example : JSON.stringify(example)}\``)
  return parts.join('; ')
}

/** The object a node describes, or the object its array items describe. */
function objectOf(node: SchemaNode, components: Components): { object: SchemaNode; suffix: string } | undefined {
  const target = resolve(node, components)
  if (isObject(target)) return { object: target, suffix: '.' }
  if (target.type === 'array' && target.items !== undefined) {
    const items = resolve(target.items, components)
    if (isObject(items)) return { object: items, suffix: '[].' }
  }
  return undefined
}

/**
 * The rows of an object's fields in declaration order, each nested object's (or array of objects')
 * fields after it under `name.` (or `name[].`). A schema already being expanded is not expanded again.
 */
function fieldRows(
  node: SchemaNode,
  components: Components,
  prefix = '',
  expanding: readonly string[] = [],
): FieldRow[] {
  const object = resolve(node, components)
  const required = new Set(object.required ?? [])
  const rows: FieldRow[] = []
  for (const [name, property] of Object.entries(object.properties ?? {})) {
    // `false`: a field of another form, which this one must not carry.
    if ((property as unknown) === false) continue
    rows.push({
      name: `${prefix}${name}`,
      type: typeText(property, components),
      required: required.has(name),
      constraints: constraintsText(property, components),
    })
    const nested = objectOf(property, components)
    const nestedName = refName(property) ?? (property.items === undefined ? undefined : refName(property.items))
    if (nested === undefined || (nestedName !== undefined && expanding.includes(nestedName))) continue
    const path = [...expanding, ...(nestedName === undefined ? [] : [nestedName])]
    rows.push(...fieldRows(nested.object, components, `${prefix}${name}${nested.suffix}`, path))
  }
  return rows
}

/** The forms of a body that is one of several objects (`oneOf`/`anyOf`), or undefined. */
export function objectForms(node: SchemaNode, components: Components): SchemaNode[] | undefined {
  const alternatives = alternativesOf(resolve(node, components))
  if (alternatives === undefined) return undefined
  const forms = alternatives.map((alternative) => resolve(alternative, components))
  return forms.every(isObject) ? forms : undefined
}

/** The fields of an object or of the objects of an array. */
export function shapeRows(node: SchemaNode, components: Components): FieldRow[] {
  const nested = objectOf(node, components)
  if (nested === undefined) return []
  const name = refName(node) ?? (node.items === undefined ? undefined : refName(node.items))
  return fieldRows(nested.object, components, '', name === undefined ? [] : [name])
}

/** A markdown table cell: pipes escaped, one line. */
function cell(text: string): string {
  return text === '' ? '—' : text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ')
}

/** A markdown table from a header row and body rows. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ]
}

/**
 * Contract drift: where a real answer of the service departs from the contract, as Prism's
 * validation proxy reports it. A status the operation does not declare, a body that breaks the
 * declared shape (a missing or unknown field, a wrong type, a value outside its enum or range) or
 * a value outside its documented format (ADDRESS, HASH, dates, UUIDs, amounts: the patterns the
 * OpenAPI document carries), and an answer that is not `application/json`.
 *
 * The zod schemas describe formats as metadata, not checks (answer-formats.ts), so the answer is
 * checked against their JSON Schema, the one the OpenAPI document publishes: what a client reads
 * in the document is what drift is measured against.
 */
import * as z from 'zod'
import { ErrorBody } from '../contract/error-body.ts'
import { operationStatuses } from '../contract/openapi-statuses.ts'
import type { Operation } from '../contract/operations.ts'

type JsonSchema = {
  readonly $ref?: string
  readonly $defs?: Readonly<Record<string, JsonSchema>>
  readonly type?: string | readonly string[]
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: readonly string[]
  readonly additionalProperties?: boolean | JsonSchema
  readonly items?: JsonSchema
  readonly enum?: readonly unknown[]
  readonly const?: unknown
  readonly pattern?: string
  readonly format?: string
  readonly minimum?: number
  readonly maximum?: number
  readonly minItems?: number
}

/** The most drift lines one answer reports: a list whose every item drifts would say the same thing thousands of times. */
export const MAX_DRIFT_LINES = 20

/** A JSON Schema with the `$defs` it refers to. */
interface Compiled {
  readonly root: JsonSchema
  readonly patterns: Map<string, RegExp>
}

const compiledSchemas = new WeakMap<z.ZodType, Compiled>()

function compiled(schema: z.ZodType): Compiled {
  let known = compiledSchemas.get(schema)
  if (known === undefined) {
    const root = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema
    known = { root, patterns: new Map() }
    compiledSchemas.set(schema, known)
  }
  return known
}

/** A value as a drift line quotes it: bounded, like the simulator's own messages. */
function quote(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value.length <= 40 ? value : `${value.slice(0, 40)}…`)
  if (typeof value === 'object') return 'an object'
  return String(value)
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function typeMatches(expected: string, value: unknown): boolean {
  const actual = jsonType(value)
  return expected === actual || (expected === 'number' && actual === 'integer')
}

const memberPath = (path: string, name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`

/** Walks `value` along `schema`, adding one line per departure (until MAX_DRIFT_LINES). */
function check(value: unknown, schema: JsonSchema, path: string, context: Compiled, lines: string[]): void {
  if (lines.length >= MAX_DRIFT_LINES) return
  if (schema.$ref !== undefined) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '')
    const target = context.root.$defs?.[name]
    if (target !== undefined) check(value, target, path, context, lines)
    return
  }
  if (schema.type !== undefined) {
    const types = typeof schema.type === 'string' ? [schema.type] : schema.type
    if (!types.some((type) => typeMatches(type, value))) {
      lines.push(`${path} must be ${types.join(' or ')}, got ${quote(value)}`)
      return
    }
  }
  if (schema.const !== undefined && value !== schema.const) {
    lines.push(`${path} must be ${quote(schema.const)}, got ${quote(value)}`)
    return
  }
  if (schema.enum !== undefined && !schema.enum.includes(value)) {
    lines.push(`${path} must be one of ${schema.enum.map(String).join(', ')}, got ${quote(value)}`)
    return
  }
  if (typeof value === 'string' && schema.pattern !== undefined) {
    let pattern = context.patterns.get(schema.pattern)
    if (pattern === undefined) context.patterns.set(schema.pattern, (pattern = new RegExp(schema.pattern, 'u')))
    if (!pattern.test(value)) {
      const format = schema.format === undefined ? '' : ` (${schema.format})`
      lines.push(`${path} breaks its format${format} ${schema.pattern}, got ${quote(value)}`)
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      lines.push(`${path} must be at least ${schema.minimum}, got ${value}`)
    if (schema.maximum !== undefined && value > schema.maximum)
      lines.push(`${path} must be at most ${schema.maximum}, got ${value}`)
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      lines.push(`${path} must hold at least ${schema.minItems} items, got ${value.length}`)
    if (schema.items !== undefined)
      for (const [i, item] of value.entries()) check(item, schema.items, `${path}[${i}]`, context, lines)
    return
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const name of schema.required ?? [])
      if (!(name in record)) lines.push(`${memberPath(path, name)} is required by the contract but missing`)
    for (const [name, member] of Object.entries(record)) {
      const declared = schema.properties?.[name]
      if (declared !== undefined) check(member, declared, memberPath(path, name), context, lines)
      else if (schema.additionalProperties === false) lines.push(`${memberPath(path, name)} is not in the contract`)
      else if (typeof schema.additionalProperties === 'object')
        check(member, schema.additionalProperties, memberPath(path, name), context, lines)
    }
  }
}

/** Departures of a JSON value from a zod schema's published JSON Schema, one line each, `body…` paths. */
function schemaDrift(schema: z.ZodType, value: unknown): string[] {
  const context = compiled(schema)
  const lines: string[] = []
  check(value, context.root, 'body', context, lines)
  return lines.slice(0, MAX_DRIFT_LINES)
}

/** Statuses an operation declares: 200 and every error status its OpenAPI entry lists. */
const declaredStatuses = new Map<string, ReadonlySet<number>>()

function statusesOf(operation: Operation): ReadonlySet<number> {
  let statuses = declaredStatuses.get(operation.id)
  if (statuses === undefined) {
    statuses = new Set([200, ...operationStatuses(operation).keys()])
    declaredStatuses.set(operation.id, statuses)
  }
  return statuses
}

/**
 * How one real answer (status, content type, parsed JSON body) departs from the contract of
 * `operation`; empty when it keeps to it. An undeclared status says so, and its body is then
 * checked as an error only if it is not a 2xx.
 */
export function answerDrift(operation: Operation, status: number, contentType: string | null, body: unknown): string[] {
  const lines: string[] = []
  const statuses = statusesOf(operation)
  if (!statuses.has(status))
    lines.push(`status ${status} is not declared for ${operation.id} (declared: ${[...statuses].join(', ')})`)
  const mediaType = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (mediaType !== 'application/json')
    lines.push(
      `content-type is ${contentType === null ? 'missing' : JSON.stringify(contentType)}, the contract says application/json`,
    )
  const shape =
    status >= 200 && status < 300
      ? schemaDrift(operation.response, body)
      : schemaDrift(ErrorBody, body).map((line) => line.replace(/^body/, 'body (error shape)'))
  lines.push(...shape)
  if (shape.length >= MAX_DRIFT_LINES)
    lines.push(`(the first ${MAX_DRIFT_LINES} differences of the body; there may be more)`)
  return lines
}

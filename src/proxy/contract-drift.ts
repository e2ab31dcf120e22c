/**
 * Contract drift: where a real answer of the service departs from the contract (status, shape,
 * format, content type), as Prism's validation proxy reports it. Checked by ajv against the JSON
 * Schema the OpenAPI document publishes, since the zod schemas carry formats as metadata only;
 * on a worker thread (decision 0028).
 */
import * as z from 'zod/mini'
import { ErrorBody } from '../contract/error-body.ts'
import { JsonTextError } from '../contract/json-text.ts'
import { operationStatuses } from '../contract/openapi-statuses.ts'
import type { Operation } from '../contract/operations.ts'
import { type Checked, checkOnWorker, type Departure } from './drift-worker.ts'

/** The most drift lines one answer reports: a list whose every item drifts would say the same thing thousands of times. */
export const MAX_DRIFT_LINES = 20

/** Each schema's JSON Schema, made once, under a key the worker compiles it by. */
const jsonSchemas = new WeakMap<z.ZodMiniType, { key: string; schema: object }>()

function jsonSchemaOf(schema: z.ZodMiniType): { key: string; schema: object } {
  let known = jsonSchemas.get(schema)
  if (known === undefined) {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' })
    known = { key: `schema-${++schemaCount}`, schema: json }
    jsonSchemas.set(schema, known)
  }
  return known
}
let schemaCount = 0

/** A value as a drift line quotes it: bounded, like the simulator's own messages. */
function quote(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value.length <= 40 ? value : `${value.slice(0, 40)}…`)
  if (typeof value === 'object') return 'an object'
  return String(value)
}

/** One departure as a line (a keyword the published schemas do not use yet, by its name). */
function lineOf({ path, keyword, params, value, format }: Departure): string {
  switch (keyword) {
    case 'required':
      return `${path} is required by the contract but missing`
    case 'additionalProperties':
      return `${path} is not in the contract`
    case 'type':
      return `${path} must be ${String(params.type).split(',').join(' or ')}, got ${quote(value)}`
    case 'const':
      return `${path} must be ${quote(params.allowedValue)}, got ${quote(value)}`
    case 'enum':
      return `${path} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}, got ${quote(value)}`
    case 'pattern':
      return `${path} breaks its format${format === undefined ? '' : ` (${format})`} ${params.pattern}, got ${quote(value)}`
    case 'minimum':
      return `${path} must be at least ${params.limit}, got ${value}`
    case 'maximum':
      return `${path} must be at most ${params.limit}, got ${value}`
    case 'minItems':
      return `${path} must hold at least ${params.limit} items, got ${params.count}`
    default:
      return `${path} breaks the contract's ${keyword}`
  }
}

/** A value that is not of its type, const or enum is said once: the other checks of its schema say nothing more. */
const WHOLE_VALUE = new Set(['type', 'const', 'enum'])

/** Departures of a JSON text from a zod schema's published JSON Schema. Throws JsonTextError when it is not JSON. */
async function schemaDrift(schema: z.ZodMiniType, text: string): Promise<string[]> {
  const { key, schema: json } = jsonSchemaOf(schema)
  let checked: Checked
  try {
    checked = await checkOnWorker(key, json, text)
  } catch (error) {
    // The answer is still forwarded: what could not be checked is said as drift, never a 5xx.
    return [`body could not be checked against the contract (${(error as Error).message})`]
  }
  if ('notJson' in checked) throw new JsonTextError(checked.notJson)
  const refused = new Set<string>()
  const lines: string[] = []
  for (const departure of checked.departures) {
    if (refused.has(departure.path) && departure.keyword !== 'required' && departure.keyword !== 'additionalProperties')
      continue
    if (WHOLE_VALUE.has(departure.keyword)) refused.add(departure.path)
    lines.push(lineOf(departure))
  }
  return lines
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
 * How one real answer departs from the contract of `operation`; empty when it keeps to it. A body
 * under a status that is not 2xx is checked as an error. Throws JsonTextError when it is not JSON.
 */
export async function answerDrift(
  operation: Operation,
  status: number,
  contentType: string | null,
  text: string,
): Promise<string[]> {
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
      ? await schemaDrift(operation.response, text)
      : (await schemaDrift(ErrorBody, text)).map((line) => line.replace(/^body/, 'body (error shape)'))
  lines.push(...shape.slice(0, MAX_DRIFT_LINES))
  if (shape.length > MAX_DRIFT_LINES)
    lines.push(`(the first ${MAX_DRIFT_LINES} differences of the body; there may be more)`)
  return lines
}

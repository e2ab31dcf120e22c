/**
 * Contract drift: where a real answer of the service departs from the contract, as Prism's
 * validation proxy reports it. A status the operation does not declare, a body that breaks the
 * declared shape (a missing or unknown field, a wrong type, a value outside its enum or range) or
 * a value outside its documented format (ADDRESS, HASH, dates, UUIDs, amounts: the patterns the
 * OpenAPI document carries), and an answer that is not `application/json`.
 *
 * The zod schemas describe formats as metadata, not checks (answer-formats.ts), so the answer is
 * checked against their JSON Schema, the one the OpenAPI document publishes: what a client reads
 * in the document is what drift is measured against. The answer is checked as it is read, in
 * slices (json-reader.ts), never parsed whole: a wide answer cannot hold the event loop.
 */
import * as z from 'zod/mini'
import { ErrorBody } from '../contract/error-body.ts'
import type { JsonSchema } from '../contract/json-schema.ts'
import { operationStatuses } from '../contract/openapi-statuses.ts'
import type { Operation } from '../contract/operations.ts'
import { type Compiled, DriftVisitor, MAX_DRIFT_LINES } from './drift-visitor.ts'
import { readJsonInSlices } from './json-reader.ts'

export { MAX_DRIFT_LINES } from './drift-visitor.ts'

const compiledSchemas = new WeakMap<z.ZodMiniType, Compiled>()

function compiled(schema: z.ZodMiniType): Compiled {
  let known = compiledSchemas.get(schema)
  if (known === undefined) {
    const root = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema
    known = { root, patterns: new Map() }
    compiledSchemas.set(schema, known)
  }
  return known
}

/**
 * Departures of a JSON text from a zod schema's published JSON Schema, one line each, `body…`
 * paths, read in slices (json-reader.ts). Throws JsonTextError when the text is not JSON.
 */
async function schemaDrift(schema: z.ZodMiniType, text: string): Promise<string[]> {
  const visitor = new DriftVisitor(compiled(schema))
  await readJsonInSlices(text, visitor)
  return visitor.lines
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
 * How one real answer (status, content type, body text) departs from the contract of `operation`;
 * empty when it keeps to it. An undeclared status says so, and its body is then checked as an
 * error only if it is not a 2xx. The body is read in slices, so other clients are answered while a
 * large one is checked; throws JsonTextError when it is not JSON.
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
  lines.push(...shape)
  if (shape.length >= MAX_DRIFT_LINES)
    lines.push(`(the first ${MAX_DRIFT_LINES} differences of the body; there may be more)`)
  return lines
}

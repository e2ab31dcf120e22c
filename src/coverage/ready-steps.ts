/**
 * The way to reach a declared response a suite never saw: the operation's example request from the
 * OpenAPI document, changed just enough to get the status, as a scenario step; where no request can,
 * a scenario rule that makes the simulator answer it.
 */
import * as z from 'zod/mini'
import { built } from '../contract/built-schema.ts'
import type { ReadyStep } from '../contract/coverage-report.ts'
import { buildOpenApiDocument } from '../contract/openapi.ts'
import { documentPaths } from '../contract/openapi-paths.ts'
import type { OperationDefinition as Operation } from '../contract/operation.ts'
import { findOperation, operations } from '../contract/operations.ts'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

interface ExampleRequest {
  readonly params: Record<string, string>
  readonly query: Record<string, string>
  readonly body: Json | undefined
}

interface OpenApiParameter {
  readonly name: string
  readonly in: string
  readonly required?: boolean
  readonly schema?: { readonly examples?: unknown[] }
}

/** What this module reads of the OpenAPI document: each operation's parameters, its body's examples. */
interface OpenApiSchema {
  readonly $ref?: string
  readonly examples?: Json[]
}
interface OpenApiOperation {
  readonly parameters?: OpenApiParameter[]
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: OpenApiSchema }> }
}
interface OpenApiDocument {
  readonly paths: Record<string, Record<string, OpenApiOperation>>
  readonly components: { readonly schemas: Record<string, OpenApiSchema> }
}

let document: OpenApiDocument | undefined
let paths: ReturnType<typeof documentPaths> | undefined

/** The first example of each parameter and of the body, as the OpenAPI document gives them. */
function exampleRequest(operation: Operation): ExampleRequest {
  document ??= buildOpenApiDocument() as unknown as OpenApiDocument
  paths ??= documentPaths(operations)
  const { path, names } = paths.get(operation.id)!
  // The document names a parameter two routes share after both (docs/openapi-paths.ts): back to the contract's name.
  const contractName = new Map(Object.entries(names).map(([name, inDocument]) => [inDocument, name]))
  const described = document.paths[path]![operation.method.toLowerCase()]!
  const params: Record<string, string> = {}
  const query: Record<string, string> = {}
  for (const parameter of described.parameters ?? []) {
    const example = parameter.schema?.examples?.[0]
    if (example === undefined) continue
    if (parameter.in === 'path') params[contractName.get(parameter.name) ?? parameter.name] = String(example)
    // A query parameter the operation needs; an optional filter would narrow the answer.
    else if (parameter.in === 'query' && parameter.required === true) query[parameter.name] = String(example)
  }
  const bodySchema = described.requestBody?.content?.['application/json']?.schema
  const named =
    bodySchema?.$ref === undefined ? bodySchema : document.components.schemas[bodySchema.$ref.split('/').pop() ?? '']
  const body = operation.body === undefined ? undefined : (named?.examples?.[0] ?? {})
  return { params, query, body }
}

const PLACEHOLDER = /^\{\{\w+\}\}$/

/** The path with each `{name}` given its value, percent-encoded (a `{{placeholder}}` as it is). */
function pathOf(operation: Operation, params: Record<string, string>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? ''
    return PLACEHOLDER.test(value) ? value : encodeURIComponent(value)
  })
}

function stepOf(
  operation: Operation,
  request: ExampleRequest,
  status: number,
  headers?: Record<string, string | null>,
  capture?: Record<string, string>,
): Record<string, unknown> {
  return {
    name: `${operation.id} answers ${status}`,
    request: {
      method: operation.method,
      path: pathOf(operation, request.params),
      ...(Object.keys(request.query).length > 0 && { query: request.query }),
      ...(headers !== undefined && { headers }),
      ...(request.body !== undefined && { body: request.body }),
    },
    expect: { status },
    ...(capture !== undefined && { capture }),
  }
}

/**
 * The steps of a successful delete: a create first, whose answer names the record the delete takes
 * (the contract's example names a record the world may not hold).
 */
function createThenCall(operation: Operation, example: ExampleRequest): Record<string, unknown>[] | undefined {
  for (const create of operations) {
    if (create.method !== 'POST') continue
    const link = Object.values((create as Operation).links ?? {}).find(
      (candidate) => candidate.operationId === operation.id,
    )
    if (link === undefined) continue
    const capture: Record<string, string> = {}
    const request = { ...example, params: { ...example.params }, query: { ...example.query } }
    for (const [name, expression] of Object.entries(link.parameters)) {
      const from = /^\$response\.body#\/(\w+)$/.exec(expression)?.[1]
      if (from === undefined) return undefined
      capture[name] = `body.${from}`
      if (name in request.params) request.params[name] = `{{${name}}}`
      else request.query[name] = `{{${name}}}`
    }
    return [stepOf(create, exampleRequest(create), 200, undefined, capture), stepOf(operation, request, 200)]
  }
  return undefined
}

/** Values of the wrong kind for most fields: one of them breaks any typed field. */
const WRONG_VALUES: readonly Json[] = [true, 'not valid', -1, null, []]

/** A copy of `value` with the first field `schema` refuses when given a wrong value, and that field's name. */
function brokenField(
  schema: z.ZodMiniType | undefined,
  value: Record<string, Json>,
  candidates: readonly Json[],
): { value: Record<string, Json>; field: string } | undefined {
  const shape = built(schema)
  if (!(shape instanceof z.ZodMiniObject)) return undefined
  const names = [...new Set([...Object.keys(value), ...Object.keys(shape.shape)])]
  for (const field of names)
    for (const wrong of candidates) {
      const broken = { ...value, [field]: wrong }
      if (!shape.safeParse(broken).success) return { value: broken, field }
    }
  return undefined
}

/** A request whose one field breaks the operation's schemas: a body field first, else a parameter. */
function invalidRequest(
  operation: Operation,
  request: ExampleRequest,
): { request: ExampleRequest; field: string } | undefined {
  if (request.body !== undefined && typeof request.body === 'object' && !Array.isArray(request.body)) {
    const body = brokenField(operation.body, request.body as Record<string, Json>, WRONG_VALUES)
    if (body !== undefined) return { request: { ...request, body: body.value }, field: `body.${body.field}` }
  }
  // Longer than any text parameter takes; a path segment cannot be empty.
  const textValues = ['not valid', '-1', 'x'.repeat(201)]
  const params = brokenField(operation.params, request.params, textValues)
  if (params !== undefined)
    return {
      request: { ...request, params: params.value as Record<string, string> },
      field: `path parameter ${params.field}`,
    }
  const query = brokenField(operation.query, request.query, textValues)
  if (query !== undefined)
    return {
      request: { ...request, query: query.value as Record<string, string> },
      field: `query parameter ${query.field}`,
    }
  return undefined
}

/** Values of every usual form of address, hash and id that no seeded or written record has. */
const UNKNOWN_VALUES = [
  '0x000000000000000000000000000000000000dead',
  '0x000000000000000000000000000000000000000000000000000000000000dead',
  '00000000-0000-4000-8000-00000000dead',
  '999999999',
]

/** The request with every path parameter (or, without any, every query parameter) naming nothing. */
function unknownRequest(operation: Operation, request: ExampleRequest): ExampleRequest | undefined {
  const replace = (schema: z.ZodMiniType | undefined, values: Record<string, string>) => {
    const shape = built(schema)
    if (!(shape instanceof z.ZodMiniObject) || Object.keys(values).length === 0) return undefined
    const out = { ...values }
    for (const name of Object.keys(values)) {
      const unknown = UNKNOWN_VALUES.find((value) => shape.safeParse({ ...out, [name]: value }).success)
      if (unknown === undefined) return undefined
      out[name] = unknown
    }
    return out
  }
  const params = replace(operation.params, request.params)
  if (params !== undefined) return { ...request, params }
  const query = replace(operation.query, request.query)
  return query === undefined ? undefined : { ...request, query }
}

/** A rule that makes the simulator answer `status` to every call of the operation. */
function ruleFor(operation: Operation, status: number): ReadyStep {
  return {
    how: `no request can make the simulator answer ${status} here: a scenario rule answers it`,
    rule: {
      operation: operation.id,
      respond: { status, message: `${operation.id} answers ${status} (a coverage scenario)` },
    },
  }
}

const found = new Map<string, ReadyStep | undefined>()

/** How to reach `status` of an operation: steps whose last request gets it, or a rule (made once, then kept). */
export function readyStep(operationId: string, status: number): ReadyStep | undefined {
  const key = `${operationId} ${status}`
  if (!found.has(key)) found.set(key, findReadyStep(operationId, status))
  return found.get(key)
}

function findReadyStep(operationId: string, status: number): ReadyStep | undefined {
  const operation = findOperation(operationId)
  if (operation === undefined) return undefined
  const example = exampleRequest(operation)
  switch (status) {
    case 200: {
      const steps = operation.method === 'DELETE' ? createThenCall(operation, example) : undefined
      return steps === undefined
        ? { how: 'the example request of the contract', steps: [stepOf(operation, example, 200)] }
        : { how: 'the example create, then the call on what it created', steps }
    }
    case 401:
      return {
        how: 'the example request without Authorization',
        steps: [stepOf(operation, example, 401, { authorization: null })],
      }
    case 400: {
      const invalid = invalidRequest(operation, example)
      if (invalid !== undefined)
        return {
          how: `the example request with ${invalid.field} invalid`,
          steps: [stepOf(operation, invalid.request, 400)],
        }
      break
    }
    case 404: {
      const unknown = unknownRequest(operation, example)
      if (unknown !== undefined)
        return {
          how: 'the example request naming records that do not exist',
          steps: [stepOf(operation, unknown, 404)],
        }
      break
    }
  }
  return ruleFor(operation, status)
}

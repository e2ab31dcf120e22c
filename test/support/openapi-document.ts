/**
 * The OpenAPI document as the tests that trust it read it: its operations by id with their path
 * and method, a validator for any of its schemas (ajv, draft 2020-12, with the formats the document
 * uses), and requests built from parameter values the way a generated client builds them.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import { DATE_PATTERN, DATE_TIME_PATTERN } from '../../src/contract/formats.ts'
import { buildOpenApiDocument } from '../../src/contract/openapi.ts'
import type { JsonSchema } from './json-schema-arbitrary.ts'

interface DocumentedParameter {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: JsonSchema
}

export interface DocumentedOperation {
  operationId: string
  path: string
  method: string
  parameters?: DocumentedParameter[]
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } }
  responses: Record<
    string,
    {
      content?: Record<string, { schema: JsonSchema; examples?: Record<string, { value: unknown }> }>
      links?: Record<string, { operationId: string; parameters: Record<string, string> }>
    }
  >
  security?: unknown[]
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<DocumentedOperation, 'path' | 'method'>>>
  components: { schemas: Record<string, JsonSchema> }
}

export const document = buildOpenApiDocument() as unknown as OpenApiDocument

/** Every operation of the document, with its path and method. */
export const documentedOperations: DocumentedOperation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ ...operation, path, method: method.toUpperCase() })),
)

export function documented(id: string): DocumentedOperation {
  const operation = documentedOperations.find((candidate) => candidate.operationId === id)
  if (operation === undefined) throw new Error(`no operation ${id} in the document`)
  return operation
}

/** An ajv instance that knows the document's components (as `openapi#/components/...`) and formats. */
export function documentAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ajv.addFormat('date', new RegExp(DATE_PATTERN))
  ajv.addFormat('date-time', new RegExp(DATE_TIME_PATTERN))
  ajv.addFormat('uuid', /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/)
  ajv.addSchema({ $id: 'openapi', components: document.components })
  return ajv
}

/** The path and query of a request to `operation` with these parameter values, encoded as a client does. */
export function requestTarget(operation: DocumentedOperation, values: Record<string, unknown>): string {
  const query = new URLSearchParams()
  let path = operation.path
  for (const parameter of operation.parameters ?? []) {
    const value = values[parameter.name]
    if (value === undefined) continue
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)))
    else if (parameter.in === 'query') query.set(parameter.name, String(value))
  }
  const text = query.toString()
  return text === '' ? path : `${path}?${text}`
}

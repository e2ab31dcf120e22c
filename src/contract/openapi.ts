/**
 * The OpenAPI 3.1 document of the simulated API, derived from the operation table with zod's own
 * JSON Schema output: paths, parameters, request bodies, the 200 response and every error status
 * an operation may answer, all in the documented error shape. Served at `/__sim/openapi.json` and
 * written to a file by `npm run openapi`.
 */
import * as z from 'zod'
import { ErrorBody, reasonPhrase } from './error-body.ts'
import type { OperationDefinition } from './operation.ts'
import { operations } from './operations.ts'

type JsonSchema = Record<string, unknown>

const COMPONENTS = '#/components/schemas/'

/** Converts a zod schema, hoisting named sub-schemas (`.meta({ id })`) into `components`. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema
  const { $schema: _dialect, $defs, ...rest } = json
  const rewrite = (value: JsonSchema) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as JsonSchema
  for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
    components[id] ??= rewrite(definition)
  // A schema that is itself named comes back as its definition plus an `id`: refer to it instead.
  const id = (rest as { id?: string }).id
  if (typeof id === 'string') {
    const { id: _id, ...definition } = rest
    components[id] ??= rewrite(definition)
    return { $ref: `${COMPONENTS}${id}` }
  }
  return rewrite(rest)
}

function parametersOf(operation: OperationDefinition, components: Record<string, JsonSchema>) {
  const parameters: JsonSchema[] = []
  for (const [where, schema] of [
    ['path', operation.params],
    ['query', operation.query],
  ] as const) {
    if (schema === undefined) continue
    const object = schemaOf(schema, 'input', components) as {
      properties?: Record<string, JsonSchema>
      required?: string[]
    }
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: property,
      })
    }
  }
  return parameters
}

export function buildOpenApiDocument(options: { serverUrl?: string; version?: string } = {}): JsonSchema {
  const components: Record<string, JsonSchema> = {}
  const errorRef = schemaOf(ErrorBody, 'output', components)
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const operation of operations as readonly OperationDefinition[]) {
    const responses: Record<string, JsonSchema> = {
      200: {
        description: 'Success',
        content: { 'application/json': { schema: schemaOf(operation.response, 'output', components) } },
      },
    }
    for (const status of [...new Set([...operation.errors, 401])].sort()) {
      responses[status] = { description: reasonPhrase(status), content: { 'application/json': { schema: errorRef } } }
    }
    const parameters = parametersOf(operation, components)
    paths[operation.path] ??= {}
    paths[operation.path]![operation.method.toLowerCase()] = {
      operationId: operation.id,
      summary: operation.summary,
      tags: [operation.group],
      ...(parameters.length > 0 && { parameters }),
      ...(operation.body !== undefined && {
        requestBody: {
          required: !operation.bodyOptional,
          content: { 'application/json': { schema: schemaOf(operation.body, 'input', components) } },
        },
      }),
      responses,
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Debt Token and Security Token Service (debt-token-simulator)',
      version: options.version ?? '0.1.0',
      description:
        "Generated from the simulator's contract. Every operation requires `Authorization: Bearer <token>`; errors use `{statusCode, error, message}` with statusCode as a string.",
    },
    ...(options.serverUrl !== undefined && { servers: [{ url: options.serverUrl }] }),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  }
}

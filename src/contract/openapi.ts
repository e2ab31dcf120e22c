/**
 * The OpenAPI 3.1 document of the simulated API and of the control routes, derived from the
 * operation table and the control table with zod's own JSON Schema output: paths, parameters,
 * request bodies, the 200 response and every error status a route may answer, all in the
 * documented error shape. The operations are tagged by resource group, the control routes
 * `control`. Served at `/__sim/openapi.json` and written to a file by `npm run openapi`.
 */
import * as z from 'zod'
import { controlRoutes } from './control.ts'
import { CONTROL_GROUP, type ControlRouteDefinition } from './control-route.ts'
import { ErrorBody, reasonPhrase } from './error-body.ts'
import type { OperationDefinition, RouteDefinition } from './operation.ts'
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

function parametersOf(operation: RouteDefinition, components: Record<string, JsonSchema>) {
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

/** The control routes' tag: what they are, and who may call them. */
const CONTROL_TAG = {
  name: CONTROL_GROUP,
  description:
    'The control API: routes under `/__sim` that act on the simulator itself (its clock, data, scenarios, sessions and journal), not on the simulated service. They need no Bearer token. The standalone server answers them for clients that send no `Origin` (curl, test suites), for loopback origins and for the origins given with `--control-origin`, and refuses other origins with 403; while it listens on a loopback address, it also refuses a `Host` that is not `localhost`, `127.0.0.1` or `[::1]`. Their `POST` and `PUT` requests must send `Content-Type: application/json` (else 415). Routes with the `X-Sim-Session` header act on that session only.',
}

const SESSION_PARAMETER = {
  name: 'X-Sim-Session',
  in: 'header',
  required: false,
  schema: {
    type: 'string',
    description: 'the session to act on instead of the default one: 1-64 characters of A-Z a-z 0-9 . _ ~ -',
  },
}

interface Built {
  readonly components: Record<string, JsonSchema>
  readonly errorRef: JsonSchema
}

/** One path item's operation: parameters, request body, the success answer and the error statuses. */
function operationObject(
  route: RouteDefinition,
  tag: string,
  { components, errorRef }: Built,
  extra: { errors: readonly number[]; media?: string; parameters?: readonly JsonSchema[] },
): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    200: {
      description: 'Success',
      content: { [extra.media ?? 'application/json']: { schema: schemaOf(route.response, 'output', components) } },
    },
  }
  for (const status of [...new Set([...route.errors, ...extra.errors])].sort()) {
    responses[status] = { description: reasonPhrase(status), content: { 'application/json': { schema: errorRef } } }
  }
  const parameters = [...parametersOf(route, components), ...(extra.parameters ?? [])]
  return {
    operationId: route.id,
    summary: route.summary,
    tags: [tag],
    ...(parameters.length > 0 && { parameters }),
    ...(route.body !== undefined && {
      requestBody: {
        required: !route.bodyOptional,
        content: { 'application/json': { schema: schemaOf(route.body, 'input', components) } },
      },
    }),
    responses,
  }
}

/** The control routes are the standalone server's: it refuses other callers (403) and writes without JSON (415). */
function controlOperation(route: ControlRouteDefinition, built: Built): JsonSchema {
  const writes = route.method === 'POST' || route.method === 'PUT'
  return {
    ...operationObject(route, CONTROL_GROUP, built, {
      errors: writes ? [403, 415] : [403],
      ...(route.produces !== undefined && { media: route.produces }),
      ...(route.session === true && { parameters: [SESSION_PARAMETER] }),
    }),
    security: [],
  }
}

export function buildOpenApiDocument(options: { serverUrl?: string; version?: string } = {}): JsonSchema {
  const components: Record<string, JsonSchema> = {}
  const built: Built = { components, errorRef: schemaOf(ErrorBody, 'output', components) }
  const paths: Record<string, Record<string, JsonSchema>> = {}
  const groups: string[] = []
  for (const operation of operations as readonly OperationDefinition[]) {
    if (!groups.includes(operation.group)) groups.push(operation.group)
    paths[operation.path] ??= {}
    paths[operation.path]![operation.method.toLowerCase()] = operationObject(operation, operation.group, built, {
      errors: [401],
    })
  }
  for (const route of controlRoutes as readonly ControlRouteDefinition[]) {
    paths[route.path] ??= {}
    paths[route.path]![route.method.toLowerCase()] = controlOperation(route, built)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Debt Token and Security Token Service (debt-token-simulator)',
      version: options.version ?? '0.1.0',
      description:
        "Generated from the simulator's contract. Every operation of the simulated API requires `Authorization: Bearer <token>`; the control routes (tag `control`) need none. Errors use `{statusCode, error, message}` with statusCode as a string.",
    },
    ...(options.serverUrl !== undefined && { servers: [{ url: options.serverUrl }] }),
    security: [{ bearer: [] }],
    tags: [...groups.map((name) => ({ name })), CONTROL_TAG],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  }
}

/**
 * The OpenAPI 3.1 document of the simulated API and the control routes, derived from the operation
 * and control tables with zod's own JSON Schema output. Written by `npm run openapi` and linted with
 * Redocly (redocly.yaml) by `npm run check`.
 */
import * as z from 'zod/mini'
import { built } from './built-schema.ts'
import { controlRoutes } from './control.ts'
import { CONTROL_GROUP, type ControlRouteDefinition } from './control-route.ts'
import { API_DESCRIPTION, TAG_DESCRIPTIONS } from './descriptions.ts'
import { ErrorBody, reasonPhrase } from './error-body.ts'
import { type DocumentPath, documentPaths } from './openapi-paths.ts'
import {
  CONTROL_OTHER_STATUSES,
  controlStatuses,
  OPERATION_OTHER_STATUSES,
  type OtherStatuses,
  operationStatuses,
  type StatusReasons,
} from './openapi-statuses.ts'
import type { OperationDefinition, RouteDefinition } from './operation.ts'
import { operations } from './operations.ts'

type JsonSchema = Record<string, unknown>

const COMPONENTS = '#/components/schemas/'

/** Converts a zod schema, hoisting named sub-schemas (`.meta({ id })`) into `components`. */
function schemaOf(schema: z.ZodMiniType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    // zod leaves out the examples of a schema that transforms anywhere inside (they might be of what
    // it parses to). Ours are written for what a client sends (a request body, a query parameter
    // `?limit=50` shown as the integer it stands for), so they stay: test/unit/openapi-examples.test.ts
    // checks each against the schema it illustrates.
    override: ({ zodSchema, jsonSchema }) => {
      const examples = z.globalRegistry.get(zodSchema)?.examples
      if (io === 'input' && Array.isArray(examples)) jsonSchema.examples ??= examples
    },
  }) as JsonSchema
  const { $schema: _dialect, $defs, ...rest } = json
  // A field of another form (z.never(), `{"not": {}}`) is written `false`, the schema nothing
  // matches: generators type it `never` (openapi-typescript types `{"not": {}}` as unknown).
  const rewrite = (value: JsonSchema) =>
    JSON.parse(
      JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`).replaceAll('{"not":{}}', 'false'),
    ) as JsonSchema
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

/** Path and query parameters, named as the document's path names them. */
function parametersOf(route: RouteDefinition, path: DocumentPath, components: Record<string, JsonSchema>) {
  const parameters: JsonSchema[] = []
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (schema === undefined) continue
    const object = schemaOf(schema, 'input', components) as {
      properties?: Record<string, JsonSchema>
      required?: string[]
    }
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      parameters.push({
        name: where === 'path' ? (path.names[name] ?? name) : name,
        in: where,
        ...(typeof property.description === 'string' && { description: property.description }),
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: property,
      })
    }
  }
  return parameters
}

/**
 * The header as the simulator checks it (SESSION_ID_PATTERN), spelled without a look-ahead so that
 * every generator can read it; an empty header is refused (400), not taken for "no session".
 */
const SESSION_PARAMETER = {
  name: 'X-Sim-Session',
  in: 'header',
  description:
    'the session to act on instead of the default one: 1-64 characters of A-Z a-z 0-9 . _ ~ -, other than `.` and `..` (else, an empty header included, 400)',
  required: false,
  schema: {
    type: 'string',
    description: 'of A-Z a-z 0-9 . _ ~ -, other than . and ..',
    minLength: 1,
    maxLength: 64,
    pattern: '^(?:[A-Za-z0-9._~-]{3,64}|[A-Za-z0-9_~-][A-Za-z0-9._~-]?|\\.[A-Za-z0-9_~-])$',
    examples: ['qa-1'],
  },
}

/** The challenge a 401 carries (RFC 6750). */
const CHALLENGE_HEADER = {
  'WWW-Authenticate': {
    description: '`Bearer`, or `Bearer error="invalid_request"` for a malformed header',
    schema: { type: 'string', examples: ['Bearer'] },
  },
}

function attachmentHeader(fileName: string): JsonSchema {
  return {
    'Content-Disposition': {
      description: 'the answer is a file to save, and its name',
      schema: { type: 'string', examples: [`attachment; filename="${fileName}"`] },
    },
  }
}

interface Built {
  readonly components: Record<string, JsonSchema>
  readonly errorRef: JsonSchema
  readonly paths: ReadonlyMap<string, DocumentPath>
}

/** A route's links, their parameters named as the target's document path names them. */
function linksOf(route: RouteDefinition, { paths }: Built): JsonSchema | undefined {
  const links = (route as OperationDefinition).links
  if (links === undefined) return undefined
  return Object.fromEntries(
    Object.entries(links).map(([name, link]) => {
      const target = (operations as readonly RouteDefinition[]).find((candidate) => candidate.id === link.operationId)
      if (target === undefined) throw new Error(`${route.id} links to an unknown operation ${link.operationId}`)
      const declared = new Set([...fieldsOf(target.params), ...fieldsOf(target.query)])
      const parameters = Object.fromEntries(
        Object.entries(link.parameters).map(([parameter, expression]) => {
          if (!declared.has(parameter))
            throw new Error(`${route.id} links ${parameter}, which ${target.id} does not take`)
          if (!readsRequiredField(route, expression))
            throw new Error(`${route.id} links ${parameter} from ${expression}, which is not a required field`)
          return [paths.get(target.id)!.names[parameter] ?? parameter, expression]
        }),
      )
      return [name, { operationId: link.operationId, parameters, description: link.description }]
    }),
  )
}

/**
 * Whether a link's `$request.body#/field` or `$response.body#/field` names a field every request or
 * answer has: a link from an optional field would hand a client (Schemathesis) nothing to follow.
 */
function readsRequiredField(route: RouteDefinition, expression: string): boolean {
  const match = /^\$(request|response)\.body#\/([^/]+)$/.exec(expression)
  const schema = built(match?.[1] === 'request' ? route.body : route.response)
  if (match === null || !(schema instanceof z.ZodMiniObject)) return false
  const field = (schema.shape as Record<string, z.ZodMiniType | undefined>)[match[2]!]
  return field !== undefined && field._zod.optin !== 'optional'
}

function fieldsOf(declared: z.ZodMiniType | undefined): string[] {
  const schema = built(declared)
  return schema instanceof z.ZodMiniObject ? Object.keys(schema.shape) : []
}

function operationObject(
  route: RouteDefinition,
  tag: string,
  built: Built,
  extra: {
    statuses: StatusReasons
    others: OtherStatuses
    media?: string
    parameters?: readonly JsonSchema[]
    successHeaders?: JsonSchema
  },
): JsonSchema {
  const { components, errorRef } = built
  const links = linksOf(route, built)
  const responses: Record<string, JsonSchema> = {
    200: {
      description: 'Success',
      ...(extra.successHeaders !== undefined && { headers: extra.successHeaders }),
      content: { [extra.media ?? 'application/json']: { schema: schemaOf(route.response, 'output', components) } },
      ...(links !== undefined && { links }),
    },
  }
  const errorContent = (status: number, example: string) => ({
    'application/json': {
      schema: errorRef,
      // The Media Type's `examples` map (OpenAPI 3.1), not `example`, which 3.1 tools flag.
      examples: {
        [reasonPhrase(status).replaceAll(' ', '')]: {
          value: { statusCode: String(status), error: reasonPhrase(status), message: example },
        },
      },
    },
  })
  for (const [status, { reasons, example }] of extra.statuses) {
    responses[status] = {
      description: `${reasonPhrase(status)}: ${reasons.join('; ')}.`,
      ...(status === 401 && { headers: CHALLENGE_HEADER }),
      content: errorContent(status, example),
    }
  }
  // Every other status, so that a validator meeting a scenario's 503 finds it declared, in the shape.
  responses.default = {
    description: extra.others.reason,
    content: errorContent(extra.others.status, extra.others.example),
  }
  const parameters = [...parametersOf(route, built.paths.get(route.id)!, components), ...(extra.parameters ?? [])]
  return {
    operationId: route.id,
    summary: route.summary,
    description: route.description,
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
  return {
    ...operationObject(route, CONTROL_GROUP, built, {
      statuses: controlStatuses(route),
      others: CONTROL_OTHER_STATUSES,
      ...(route.produces !== undefined && { media: route.produces }),
      ...(route.session === true && { parameters: [SESSION_PARAMETER] }),
      ...(route.attachment !== undefined && { successHeaders: attachmentHeader(route.attachment) }),
    }),
    security: [],
  }
}

export function buildOpenApiDocument(options: { serverUrl?: string; version?: string } = {}): JsonSchema {
  const components: Record<string, JsonSchema> = {}
  const built: Built = {
    components,
    errorRef: schemaOf(ErrorBody, 'output', components),
    paths: documentPaths([...operations, ...controlRoutes]),
  }
  const paths: Record<string, Record<string, JsonSchema>> = {}
  const groups: (keyof typeof TAG_DESCRIPTIONS)[] = []
  const place = (route: RouteDefinition, operation: JsonSchema) => {
    const path = built.paths.get(route.id)!.path
    paths[path] ??= {}
    paths[path]![route.method.toLowerCase()] = operation
  }
  for (const operation of operations as readonly OperationDefinition[]) {
    if (!groups.includes(operation.group)) groups.push(operation.group)
    place(
      operation,
      operationObject(operation, operation.group, built, {
        statuses: operationStatuses(operation),
        others: OPERATION_OTHER_STATUSES,
      }),
    )
  }
  for (const route of controlRoutes as readonly ControlRouteDefinition[]) place(route, controlOperation(route, built))
  return {
    openapi: '3.1.0',
    info: {
      title: 'Debt Token and Security Token Service (debt-token-simulator)',
      version: options.version ?? '0.1.0',
      description: API_DESCRIPTION,
      contact: { name: 'debt-token-simulator' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(options.serverUrl !== undefined && { servers: [{ url: options.serverUrl }] }),
    security: [{ bearer: [] }],
    tags: [...groups, CONTROL_GROUP as typeof CONTROL_GROUP].map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name],
    })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Any well-formed token; it names the caller.' },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  }
}

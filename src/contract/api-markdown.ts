/**
 * The API reference in markdown (docs/api.md), generated from the contract: `renderApiMarkdown()`
 * walks the OpenAPI document that `buildOpenApiDocument()` derives from the operation table and
 * writes every operation, grouped by resource group, with its id, method and path, summary,
 * authentication, path and query parameters, request body fields, response shape and the error
 * statuses it declares. Only the introduction is written by hand here; nothing per operation is.
 * `npm run api-docs` writes the file; test/unit/api-docs.test.ts keeps the committed copy current.
 */

import {
  type Components,
  constraintsText,
  type FieldRow,
  hasFields,
  refName,
  type SchemaNode,
  shapeRows,
  table,
  typeText,
} from './api-markdown-schema.ts'
import { ErrorBody } from './error-body.ts'
import { Address, Hash } from './formats.ts'
import { buildOpenApiDocument } from './openapi.ts'
import type { OperationDefinition } from './operation.ts'
import { operations } from './operations.ts'

interface Parameter {
  name: string
  in: string
  required: boolean
  schema: SchemaNode
}

interface Media {
  content?: Record<string, { schema: SchemaNode }>
}

interface OpenApiOperation {
  operationId: string
  summary: string
  tags: string[]
  description?: string
  parameters?: Parameter[]
  requestBody?: Media & { required?: boolean }
  responses: Record<string, Media & { description: string }>
  security?: Record<string, string[]>[]
}

interface OpenApiDocument {
  info: { title: string; description?: string }
  security?: Record<string, string[]>[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }>; schemas: Components }
}

/** `signatureContracts` → `Signature contracts`. */
function groupTitle(group: string): string {
  const words = group.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** GitHub's heading anchor for a one-word heading. */
function anchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replaceAll(' ', '-')
}

function code(text: string): string {
  return `\`${text}\``
}

/** The header a security requirement asks for, from the document's security schemes. */
function authText(document: OpenApiDocument, operation: OpenApiOperation): string {
  const requirements = operation.security ?? document.security ?? []
  if (requirements.length === 0) return 'none'
  const schemes = requirements.flatMap((requirement) => Object.keys(requirement))
  return schemes
    .map((name) => {
      const scheme = document.components.securitySchemes?.[name]
      return scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer'
        ? 'Bearer token: `Authorization: Bearer <token>`'
        : `${code(name)} (${scheme?.type ?? 'unknown'} scheme)`
    })
    .join(' or ')
}

function fieldTable(rows: readonly FieldRow[], presence: 'required' | 'always present'): string[] {
  return table(
    ['field', 'type', presence, 'format / constraints'],
    rows.map((row) => [code(row.name), row.type, row.required ? 'yes' : 'no', row.constraints]),
  )
}

/** Where a named schema's fields were listed, by presence column and name, within one group. */
type Listed = Map<string, string>

interface BodyContext {
  components: Components
  listed: Listed
  operationId: string
}

/**
 * A JSON body: what it is, then the table of its fields when it has some — or, when the same named
 * schema was listed earlier in the group, a link to that operation instead of the same table again.
 */
function bodyLines(
  title: string,
  schema: SchemaNode,
  context: BodyContext,
  presence: 'required' | 'always present',
): string[] {
  const { components, listed, operationId } = context
  const lines = [`${title}: ${typeText(schema, components)}`]
  const constraints = constraintsText(schema, components)
  if (constraints !== '') lines[0] += ` (${constraints})`
  if (!hasFields(schema, components)) return lines
  const name = refName(schema) ?? (schema.items === undefined ? undefined : refName(schema.items))
  const earlier = name === undefined ? undefined : listed.get(`${presence}:${name}`)
  if (earlier !== undefined) return [`${lines[0]}, with the fields listed under [${earlier}](#${anchor(earlier)}).`]
  if (name !== undefined) listed.set(`${presence}:${name}`, operationId)
  return [...lines, '', ...fieldTable(shapeRows(schema, components), presence)]
}

function mediaOf(media: Media): [string, SchemaNode] | undefined {
  const [type, entry] = Object.entries(media.content ?? {})[0] ?? []
  return type === undefined || entry === undefined ? undefined : [type, entry.schema]
}

function operationLines(definition: OperationDefinition, document: OpenApiDocument, listed: Listed): string[] {
  const operation = document.paths[definition.path]?.[definition.method.toLowerCase()]
  if (operation === undefined) throw new Error(`${definition.id} is missing from the OpenAPI document`)
  const components = document.components.schemas
  const context: BodyContext = { components, listed, operationId: operation.operationId }
  const statuses = Object.keys(operation.responses).sort()
  const errors = statuses.filter((status) => !status.startsWith('2'))
  const lines = [
    `### ${operation.operationId}`,
    '',
    code(`${definition.method} ${definition.path}`),
    '',
    operation.summary.endsWith('.') ? operation.summary : `${operation.summary}.`,
    ...(operation.description === undefined ? [] : ['', operation.description]),
    '',
    `- **Auth**: ${authText(document, operation)}`,
    `- **Success**: ${statuses
      .filter((status) => status.startsWith('2'))
      .map(code)
      .join(', ')}`,
    `- **Errors** ([error shape](#errors)): ${errors.map((status) => `${code(status)} ${operation.responses[status]!.description}`).join(', ')}`,
  ]
  for (const where of ['path', 'query'] as const) {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === where)
    if (parameters.length === 0) continue
    lines.push('', `**${where === 'path' ? 'Path' : 'Query'} parameters**`, '')
    lines.push(
      ...table(
        ['name', 'type', 'required', 'format / constraints'],
        parameters.map((parameter) => [
          code(parameter.name),
          typeText(parameter.schema, components),
          parameter.required ? 'yes' : 'no',
          constraintsText(parameter.schema, components),
        ]),
      ),
    )
  }
  const request = operation.requestBody === undefined ? undefined : mediaOf(operation.requestBody)
  if (request !== undefined) {
    const [type, schema] = request
    const required = operation.requestBody?.required === true
    const title = `**Request body** (${code(type)}, ${required ? 'required' : 'optional: a request without a body is read as `{}`'})`
    lines.push('', ...bodyLines(title, schema, context, 'required'))
  }
  for (const status of statuses.filter((status) => status.startsWith('2'))) {
    const response = mediaOf(operation.responses[status]!)
    if (response === undefined) continue
    const [type, schema] = response
    lines.push('', ...bodyLines(`**Response ${code(status)}** (${code(type)})`, schema, context, 'always present'))
  }
  return lines
}

function introLines(document: OpenApiDocument): string[] {
  const components = document.components.schemas
  const errorSchema = components[String(ErrorBody.meta()?.id)]
  if (errorSchema === undefined) throw new Error('the error shape is missing from the OpenAPI document')
  const apiOperations = operations as readonly OperationDefinition[]
  return [
    `# ${document.info.title}: API reference`,
    '',
    '<!-- Generated from src/contract/ by `npm run api-docs` (scripts/generate-api-docs.ts); do not edit by hand. -->',
    '',
    `Every operation the simulator implements (${apiOperations.length}), generated from its contract in`,
    '`src/contract/`: the schemas it validates requests with and the operation table its handlers are',
    'built from. The same contract gives the OpenAPI 3.1 document, [openapi.json](openapi.json).',
    '',
    '## Conventions',
    '',
    "- **Base URL**: wherever the simulator runs: the standalone server's address, or the origin its msw",
    '  handlers intercept in a test process or a browser app. Every path below is relative to it.',
    '- **Authentication**: every route below needs `Authorization: Bearer <token>`. Any non-empty token is',
    '  accepted and names the caller; a missing header, another scheme or an empty token answers `401`.',
    '- **Bodies**: requests and responses are JSON (`application/json`).',
    `- **ADDRESS**: ${Address.meta()?.description?.replace(/^ADDRESS: /, '')} (\`${Address.meta()?.example}\`).`,
    `- **HASH**: ${Hash.meta()?.description?.replace(/^HASH: /, '')}.`,
    '- **Dates**: a date is `YYYY-MM-DD` and must exist (no `2025-02-30`); a date-time is ISO 8601 with',
    '  seconds and a zone (`Z` or `±hh:mm`), such as `2026-03-01T12:00:00.000Z`.',
    '- **Control API**: the routes under `/__sim` (health, reset, state, journal, clock, scenario,',
    '  sessions, the OpenAPI document) act on the simulator itself, need no token and are described in',
    '  the [README](../README.md).',
    '',
    '## Errors',
    '',
    'Every error answers this JSON body; `statusCode` is the HTTP status written as a string (`"400"`).',
    'Each operation below lists the error statuses its contract declares; `401` applies to every one.',
    'A [scenario](scenarios.md) can make any operation answer other statuses, delays or failures.',
    '',
    ...fieldTable(shapeRows(errorSchema, components), 'always present'),
  ]
}

/** docs/api.md: the introduction, an index of the operations, then each operation by group. */
export function renderApiMarkdown(): string {
  const document = buildOpenApiDocument() as unknown as OpenApiDocument
  const groups = new Map<string, OperationDefinition[]>()
  for (const operation of operations as readonly OperationDefinition[]) {
    groups.set(operation.group, [...(groups.get(operation.group) ?? []), operation])
  }
  const lines = [...introLines(document), '', '## Operations', '']
  lines.push(
    ...table(
      ['group', 'id', 'method and path', 'summary'],
      [...groups].flatMap(([group, members]) =>
        members.map((operation) => [
          groupTitle(group),
          `[${operation.id}](#${anchor(operation.id)})`,
          code(`${operation.method} ${operation.path}`),
          operation.summary,
        ]),
      ),
    ),
  )
  for (const [group, members] of groups) {
    lines.push('', `## ${groupTitle(group)}`)
    const listed: Listed = new Map()
    for (const operation of members) lines.push('', ...operationLines(operation, document, listed))
  }
  return `${lines.join('\n')}\n`
}

/**
 * One route of the API reference (api-markdown.ts) in markdown: its id, method and path, summary,
 * authentication, success and error statuses, path, query and header parameters, request body
 * fields and response shape, all read from the OpenAPI document the contract generates.
 */

import type { RouteDefinition } from '../../src/contract/operation.ts'
import {
  type Components,
  constraintsText,
  type FieldRow,
  objectForms,
  refName,
  type SchemaNode,
  shapeRows,
  table,
  typeText,
} from './api-markdown-schema.ts'

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: SchemaNode
}

interface Media {
  content?: Record<string, { schema: SchemaNode }>
}

interface OpenApiLink {
  operationId: string
  parameters: Record<string, string>
  description: string
}

interface OpenApiOperation {
  operationId: string
  summary: string
  tags: string[]
  description?: string
  parameters?: Parameter[]
  requestBody?: Media & { required?: boolean }
  responses: Record<string, Media & { description: string; links?: Record<string, OpenApiLink> }>
  security?: Record<string, string[]>[]
}

export interface OpenApiDocument {
  info: { title: string; description?: string }
  tags?: { name: string; description?: string }[]
  security?: Record<string, string[]>[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }>; schemas: Components }
}

/** GitHub's heading anchor for a one-word heading. */
export function anchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replaceAll(' ', '-')
}

export function code(text: string): string {
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

export function fieldTable(rows: readonly FieldRow[], presence: 'required' | 'always present'): string[] {
  return table(
    ['field', 'type', presence, 'format / constraints'],
    rows.map((row) => [code(row.name), row.type, row.required ? 'yes' : 'no', row.constraints]),
  )
}

/** Where a named schema's fields were listed, by presence column and name, within one group. */
export type Listed = Map<string, string>

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
  const forms = objectForms(schema, components)
  if (forms !== undefined) {
    // One table per form, each titled by what the form does ("fix the clock").
    return forms.flatMap((form, i) => [
      ...(i === 0 ? lines : []),
      '',
      `${i === 0 ? 'Either' : 'Or'} (${form.title ?? `form ${i + 1}`}):`,
      '',
      ...fieldTable(shapeRows(form, components), presence),
    ])
  }
  // No table for a value without fields, nor for an object that declares none (a free-form document).
  const rows = shapeRows(schema, components)
  if (rows.length === 0) return lines
  const name = refName(schema) ?? (schema.items === undefined ? undefined : refName(schema.items))
  const earlier = name === undefined ? undefined : listed.get(`${presence}:${name}`)
  if (earlier !== undefined) return [`${lines[0]}, with the fields listed under [${earlier}](#${anchor(earlier)}).`]
  if (name !== undefined) listed.set(`${presence}:${name}`, operationId)
  return [...lines, '', ...fieldTable(rows, presence)]
}

function mediaOf(media: Media): [string, SchemaNode] | undefined {
  const [type, entry] = Object.entries(media.content ?? {})[0] ?? []
  return type === undefined || entry === undefined ? undefined : [type, entry.schema]
}

const PARAMETER_TITLES = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Headers'],
] as const

/** The document's operation with this id. */
function findOperation(document: OpenApiDocument, id: string): OpenApiOperation {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) if (operation.operationId === id) return operation
  }
  throw new Error(`${id} is missing from the OpenAPI document`)
}

/** `- **Links**` lines: the operations a client calls next with values of this one. */
function linkLines(links: Record<string, OpenApiLink> | undefined) {
  if (links === undefined) return []
  return [
    '- **Links** (what to call next with what this answered):',
    ...Object.values(links).map((link) => {
      const values = Object.entries(link.parameters)
        .map(([name, expression]) => `${code(name)} = ${code(expression)}`)
        .join(', ')
      return `  - [${link.operationId}](#${anchor(link.operationId)}) with ${values}: ${link.description}`
    }),
  ]
}

/**
 * Where a route is: its path as the OpenAPI document writes it, the path the spec writes, and the
 * spec's name of each parameter the document renamed (by the document's name).
 */
export interface RoutePaths {
  readonly path: string
  readonly specPath: string
  readonly renamed: Readonly<Record<string, string>>
}

/** The line that says the spec writes the path otherwise, and why the document does not. */
function specPathLines(definition: RouteDefinition, paths: RoutePaths): string[] {
  if (paths.specPath === paths.path) return []
  const names = Object.entries(paths.renamed).map(([name, spec]) => `${code(name)} is the spec's ${code(spec)}`)
  return [
    '',
    `The spec writes ${code(`${definition.method} ${paths.specPath}`)}. OpenAPI forbids two paths that differ only in a parameter's name, so the document, its generated types (\`paths\`) and this page give the routes of this path one name: ${names.join(', ')}.`,
  ]
}

/** One route's section, its parameters named as the OpenAPI document names them. */
export function operationLines(
  definition: RouteDefinition,
  document: OpenApiDocument,
  listed: Listed,
  paths: RoutePaths,
): string[] {
  const operation = findOperation(document, definition.id)
  const components = document.components.schemas
  const context: BodyContext = { components, listed, operationId: operation.operationId }
  const statuses = Object.keys(operation.responses).sort()
  const errors = statuses.filter((status) => !status.startsWith('2'))
  const lines = [
    `### ${operation.operationId}`,
    '',
    code(`${definition.method} ${paths.path}`),
    ...specPathLines(definition, paths),
    '',
    operation.summary.endsWith('.') ? operation.summary : `${operation.summary}.`,
    ...(operation.description === undefined ? [] : ['', operation.description]),
    '',
    `- **Auth**: ${authText(document, operation)}`,
    `- **Success**: ${statuses
      .filter((status) => status.startsWith('2'))
      .map(code)
      .join(', ')}`,
    `- **Errors** ([error shape](#errors)):`,
    ...errors.map((status) => `  - ${code(status)} ${operation.responses[status]!.description}`),
    ...linkLines(operation.responses['200']?.links),
  ]
  for (const [where, title] of PARAMETER_TITLES) {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === where)
    if (parameters.length === 0) continue
    lines.push('', `**${title}**`, '')
    lines.push(
      ...table(
        ['name', 'type', 'required', 'format / constraints'],
        parameters.map((parameter) => {
          const spec = where === 'path' ? paths.renamed[parameter.name] : undefined
          const constraints = constraintsText(parameter.schema, components)
          return [
            code(parameter.name),
            typeText(parameter.schema, components),
            parameter.required ? 'yes' : 'no',
            spec === undefined ? constraints : `${constraints}; the spec's ${code(spec)}`,
          ]
        }),
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

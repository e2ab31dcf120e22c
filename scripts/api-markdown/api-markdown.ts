/**
 * The API reference in markdown (docs/api.md), generated from the contract: `renderApiMarkdown()`
 * walks the OpenAPI document that `buildOpenApiDocument()` derives from the operation table and
 * the control table, and writes every operation, grouped by resource group, then every control
 * route, each with its id, method and path, summary, authentication, parameters, request body
 * fields, response shape and the error statuses it declares (api-markdown-operation.ts). Only the
 * introductions are written by hand here; nothing per route is. It lives in scripts/, not in the
 * contract layer: it renders documentation and never runs in the package. `npm run api-docs` writes the
 * file; test/unit/api-docs.test.ts keeps the committed copy current.
 */

import * as z from 'zod/mini'
import { controlRoutes } from '../../src/contract/control.ts'
import { CONTROL_GROUP, type ControlRouteDefinition } from '../../src/contract/control-route.ts'
import { API_PARAGRAPHS } from '../../src/contract/descriptions.ts'
import { ErrorBody } from '../../src/contract/error-body.ts'
import { Address, Hash } from '../../src/contract/formats.ts'
import { buildOpenApiDocument } from '../../src/contract/openapi.ts'
import { documentPaths } from '../../src/contract/openapi-paths.ts'
import type { OperationDefinition, RouteDefinition } from '../../src/contract/operation.ts'
import { operations } from '../../src/contract/operations.ts'
import {
  anchor,
  code,
  fieldTable,
  type Listed,
  type OpenApiDocument,
  operationLines,
  type RoutePaths,
} from './api-markdown-operation.ts'
import { shapeRows, table } from './api-markdown-schema.ts'

const CONTROL_TITLE = 'Control API'

const paths = documentPaths([...operations, ...controlRoutes])

/**
 * A route's path as the OpenAPI document (and so a generated client's `paths`) writes it, with the
 * path the spec writes when the document had to rename a parameter (openapi-paths.ts): the page
 * names parameters as the document does, so that what a reader copies from it works in a client.
 */
function pathsOf(route: RouteDefinition): RoutePaths {
  const documented = paths.get(route.id)
  if (documented === undefined) throw new Error(`${route.id} has no path in the document`)
  const renamed = Object.fromEntries(
    Object.entries(documented.names)
      .filter(([spec, name]) => spec !== name)
      .map(([spec, name]) => [name, spec]),
  )
  return { path: documented.path, specPath: route.path, renamed }
}

/** `signatureContracts` → `Signature contracts`. */
function groupTitle(group: string): string {
  const words = group.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function introLines(document: OpenApiDocument): string[] {
  const components = document.components.schemas
  const errorSchema = components[String(z.globalRegistry.get(ErrorBody)?.id)]
  if (errorSchema === undefined) throw new Error('the error shape is missing from the OpenAPI document')
  const apiOperations = operations as readonly OperationDefinition[]
  return [
    `# ${document.info.title}: API reference`,
    '',
    // A maintainers' note, unseen where the page is rendered (the package's readers never see src/).
    '<!-- Generated from src/contract/ by `npm run api-docs` (scripts/generate-api-docs.ts); do not edit by hand. -->',
    '',
    `Every operation the simulator implements (${apiOperations.length}), generated from its contract: the`,
    'schemas it validates requests with and the operation table its handlers are built from; then the',
    `${controlRoutes.length} routes of its [control API](#${anchor(CONTROL_TITLE)}), declared and validated the same way. The same`,
    'contract gives the OpenAPI 3.1 document, [openapi.json](openapi.json) (also',
    '`npx debt-token-simulator openapi`, and `GET /__sim/openapi.json` on a running server).',
    '',
    '## Conventions',
    '',
    "- **Base URL**: wherever the simulator runs: the standalone server's address, or the origin its msw",
    '  handlers intercept in a test process or a browser app. Every path below is relative to it.',
    '- **Authentication**: every operation of the API needs `Authorization: Bearer <token>`. Any non-empty',
    '  token is accepted and names the caller; a missing header, another scheme or an empty token answers',
    '  `401`. The control routes need none.',
    '- **Bodies**: requests and responses are JSON (`application/json`).',
    `- **ADDRESS**: ${z.globalRegistry.get(Address)?.description?.replace(/^ADDRESS: /, '')} (\`${(z.globalRegistry.get(Address)?.examples as string[] | undefined)?.[0]}\`).`,
    `- **HASH**: ${z.globalRegistry.get(Hash)?.description?.replace(/^HASH: /, '')}.`,
    '- **Dates**: a date is `YYYY-MM-DD` and must exist (no `2025-02-30`); a date-time is ISO 8601 with',
    '  seconds and a zone (`Z` or `±hh:mm`), such as `2026-03-01T12:00:00.000Z`.',
    `- **${CONTROL_TITLE}**: the routes under \`/__sim\` act on the simulator itself (health, reset, state,`,
    `  journal, clock, scenario, sessions, the OpenAPI document); see [${CONTROL_TITLE}](#${anchor(CONTROL_TITLE)}).`,
    '',
    '## Errors',
    '',
    'Every error answers this JSON body; `statusCode` is the HTTP status written as a string (`"400"`).',
    'Each route below lists every error status it can answer and why; `401` applies to every operation',
    'of the API.',
    '',
    ...fieldTable(shapeRows(errorSchema, components), 'always present'),
    '',
    API_PARAGRAPHS.unmatched,
    '',
    API_PARAGRAPHS.scenarios.replace('**Scenarios**', '**[Scenarios](scenarios.md)**'),
    '',
    API_PARAGRAPHS.sessions.replace('the `control` tag', `the [${CONTROL_TITLE}](#${anchor(CONTROL_TITLE)})`),
  ]
}

/** The control API's section: its tag's description, an index of its routes, then each route. */
function controlLines(document: OpenApiDocument): string[] {
  const tag = document.tags?.find((candidate) => candidate.name === CONTROL_GROUP)
  if (tag?.description === undefined) throw new Error('the control tag is missing from the OpenAPI document')
  const routes = controlRoutes as readonly ControlRouteDefinition[]
  const lines = ['', `## ${CONTROL_TITLE}`, '', tag.description, '']
  lines.push(
    ...table(
      ['id', 'method and path', 'summary'],
      routes.map((route) => [
        `[${route.id}](#${anchor(route.id)})`,
        code(`${route.method} ${pathsOf(route).path}`),
        route.summary,
      ]),
    ),
  )
  const listed: Listed = new Map()
  for (const route of routes) lines.push('', ...operationLines(route, document, listed, pathsOf(route)))
  return lines
}

/** docs/api.md: the introduction, an index of the operations, each operation by group, then the control API. */
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
          code(`${operation.method} ${pathsOf(operation).path}`),
          operation.summary,
        ]),
      ),
    ),
  )
  for (const [group, members] of groups) {
    lines.push('', `## ${groupTitle(group)}`)
    const listed: Listed = new Map()
    for (const operation of members) lines.push('', ...operationLines(operation, document, listed, pathsOf(operation)))
  }
  lines.push(...controlLines(document))
  return `${lines.join('\n')}\n`
}

/**
 * Every status a route can answer, with why and an example message, for the OpenAPI document. The
 * pipeline sits above the contract, so its limits are restated here; test/unit/openapi-statuses.test.ts
 * keeps them equal to the pipeline's.
 */
import * as z from 'zod/mini'
import { built } from './built-schema.ts'
import { thousands as count } from './formats.ts'
import { issueText } from './issue-text.ts'
import type { RouteDefinition } from './operation.ts'

/** The largest request body, in bytes (pipeline/validate-request.ts: MAX_BODY_BYTES). */
export const DOCUMENTED_MAX_BODY_BYTES = 1_000_000
/** The most records one list answer carries (pipeline/operation-steps.ts: MAX_LIST_ITEMS). */
export const DOCUMENTED_MAX_LIST_ITEMS = 20_000
/** The default capacity of written records (model/model.ts: DEFAULT_MAX_RECORDS). */
export const DOCUMENTED_MAX_RECORDS = 10_000
/** The default session limit (sessions/session-registry.ts: DEFAULT_SESSION_LIMIT). */
export const DOCUMENTED_SESSION_LIMIT = 100

interface StatusDescription {
  readonly reasons: string[]
  example: string
}

/** Statuses in ascending order, each with its reasons. */
export type StatusReasons = Map<number, StatusDescription>

function add(statuses: StatusReasons, status: number, reason: string, example = reason): void {
  const known = statuses.get(status)
  if (known === undefined) statuses.set(status, { reasons: [reason], example })
  else known.reasons.push(reason)
}

/** What the first issue of an empty value of a schema reads like, as the pipeline words it. */
function firstIssue(label: string, schema: z.ZodMiniType | undefined, value: unknown): string | undefined {
  const issue = schema?.safeParse(value, { reportInput: true }).error?.issues[0]
  if (issue === undefined) return undefined
  const field = `${label}${issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}`
  return `${field.replace(/^(path|query) parameter\./, '$1 parameter ')} ${issueText(issue)}`
}

/** Empty text for every field of a path or query schema: what breaks most of them. */
function emptyFields(declared: z.ZodMiniType | undefined): Record<string, string> {
  const schema = built(declared)
  return schema instanceof z.ZodMiniObject
    ? Object.fromEntries(Object.keys(schema.shape).map((name) => [name, '']))
    : {}
}

/** What the simulator says to input breaking the route's schemas; undefined when no input can (any text, or none). */
export function schemaBreakExample(route: RouteDefinition): string | undefined {
  return (
    firstIssue('path parameter', route.params, emptyFields(route.params)) ??
    firstIssue('query parameter', route.query, emptyFields(route.query)) ??
    firstIssue('body', route.body, {}) ??
    firstIssue('body', route.body, [])
  )
}

function addInputReasons(statuses: StatusReasons, route: RouteDefinition): void {
  const fields = [
    route.params !== undefined && 'path parameter',
    route.query !== undefined && 'query parameter',
    route.body !== undefined && 'body field',
  ].filter((part) => part !== false)
  if (fields.length === 0) return
  const example = schemaBreakExample(route)
  if (example !== undefined) {
    add(
      statuses,
      400,
      `a ${fields.join(' or ')} breaks its schema (the message names each one and what was expected)`,
      example,
    )
  }
  if (route.query !== undefined) add(statuses, 400, 'a query parameter is given twice')
  if (route.params !== undefined) add(statuses, 400, 'a path parameter is not validly percent-encoded')
  if (route.body !== undefined) {
    add(statuses, 400, route.bodyOptional ? 'the body is not JSON' : 'the body is missing or not JSON')
  }
}

function addRouteErrors(statuses: StatusReasons, route: RouteDefinition): void {
  for (const [status, reason] of Object.entries(route.errors)) add(statuses, Number(status), reason!)
}

const TOO_LARGE = `the body is larger than ${count(DOCUMENTED_MAX_BODY_BYTES)} bytes`

/** Every error status an operation of the simulated API can answer outside scenarios, and why. */
export function operationStatuses(route: RouteDefinition): StatusReasons {
  const statuses: StatusReasons = new Map()
  addInputReasons(statuses, route)
  add(
    statuses,
    400,
    'the `X-Sim-Session` header is not 1-64 characters of A-Z a-z 0-9 . _ ~ - (nor `.` or `..`), or `X-Sim-Scenario` names no scenario',
    'header X-Sim-Session must be 1-64 characters of A-Z a-z 0-9 . _ ~ -, other than . and ..',
  )
  add(
    statuses,
    403,
    '`X-Sim-Session` or `X-Sim-Scenario` comes from a caller the control API refuses (standalone: a foreign `Origin`, or a `Host` that is not loopback while listening on loopback); calls without them answer every origin',
    'X-Sim-Session (like the control API) is not taken from the origin "https://example.org": start the server with --control-origin https://example.org to allow it',
  )
  add(
    statuses,
    401,
    'Authorization is missing or is not one `Bearer <token>` header',
    'Authorization header is missing: send Authorization: Bearer <token>',
  )
  addRouteErrors(statuses, route)
  if (route.body !== undefined) add(statuses, 413, TOO_LARGE, `body is larger than ${DOCUMENTED_MAX_BODY_BYTES} bytes`)
  if (route.method === 'GET' && built(route.response) instanceof z.ZodMiniArray) {
    add(
      statuses,
      422,
      `the list would hold more than ${count(DOCUMENTED_MAX_LIST_ITEMS)} records (only a world grown past that by writes can)`,
      `the list holds 20001 records, more than the ${DOCUMENTED_MAX_LIST_ITEMS} an answer carries: free room with POST /__sim/reset, or write fewer records`,
    )
  }
  add(
    statuses,
    429,
    `\`X-Sim-Session\` names a new session while the session limit (${DOCUMENTED_SESSION_LIMIT} by default, \`--session-limit\`) is reached`,
    `session limit reached (${DOCUMENTED_SESSION_LIMIT} sessions): end one with DELETE /__sim/sessions/{id}, wait for idle sessions to expire (1800 s), or start the server with a higher --session-limit`,
  )
  if (route.method === 'POST') {
    add(
      statuses,
      507,
      `the records written since the last reset would pass the world's capacity (${count(DOCUMENTED_MAX_RECORDS)} by default, \`--max-records\`): \`POST /__sim/reset\` frees it`,
      `${route.id} would add to its table, but this world's written records would pass its capacity of ${DOCUMENTED_MAX_RECORDS}: free room with POST /__sim/reset (a session: with its X-Sim-Session), or start with a larger --max-records`,
    )
  }
  return sorted(statuses)
}

/** Every error status a control route can answer, and why. */
export function controlStatuses(route: RouteDefinition): StatusReasons {
  const statuses: StatusReasons = new Map()
  addInputReasons(statuses, route)
  add(
    statuses,
    403,
    "the standalone server refuses the request's Origin, or its Host while it listens on loopback (see the `control` tag)",
    'the control API does not answer the origin "https://example.org": start the server with --control-origin https://example.org to allow it',
  )
  addRouteErrors(statuses, route)
  if (route.body !== undefined) add(statuses, 413, TOO_LARGE, `body is larger than ${DOCUMENTED_MAX_BODY_BYTES} bytes`)
  if (route.method === 'POST' || route.method === 'PUT') {
    add(
      statuses,
      415,
      'Content-Type is not application/json while the request has a body, or comes from a browser (`Origin` or `Sec-Fetch-Site`, which browsers send with every write); a bodyless request from another client needs none',
      `${route.method} requests to the control API must send Content-Type: application/json`,
    )
  }
  return sorted(statuses)
}

/** What the `default` response of every route stands for: the error statuses no route lists, and a message. */
export interface OtherStatuses {
  readonly reason: string
  readonly status: number
  readonly example: string
}

/**
 * An operation's other error statuses: those a scenario's rule answers (any 4xx or 5xx, in the error
 * shape), which no list of statuses can hold, so tools that validate answers (Prism, Schemathesis)
 * find them declared.
 */
export const OPERATION_OTHER_STATUSES: OtherStatuses = {
  reason:
    'Any other error status, always in the error shape: while a scenario is active (`X-Sim-Scenario`, `PUT /__sim/scenario`), a rule that names this operation may answer any 4xx or 5xx with its own message and headers (docs/scenarios.md), e.g. 503 with `Retry-After`. Also, with `serve --proxy`, a 502 or 504 when the service does not answer (docs/proxy.md), and with `serve --persist`, a 503 when a write cannot be stored.',
  status: 503,
  example: 'Service temporarily unavailable: the blockchain node did not answer in time',
}

/** A control route's other error statuses: none outside a store that fails, in the same shape. */
export const CONTROL_OTHER_STATUSES: OtherStatuses = {
  reason:
    'Any other error status, in the error shape: scenarios never apply to the control routes, but with `serve --persist` a change that cannot be stored answers 503.',
  status: 503,
  example: 'the change could not be stored: ENOSPC: no space left on device',
}

function sorted(statuses: StatusReasons): StatusReasons {
  return new Map([...statuses].sort(([a], [b]) => a - b))
}

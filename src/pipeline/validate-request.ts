/**
 * Parses a route's path parameters, query and JSON body against its schemas (API operations and control routes
 * alike); every issue found goes into one 400 whose message names each field and what was expected.
 */

import type { z } from 'zod/mini'
import { issueText, reportedIssues } from '../contract/issue-text.ts'
import { JsonTextError, parseJsonText, utf8Length, withoutBom } from '../contract/json-text.ts'
import type { RouteDefinition } from '../contract/operation.ts'
import { ApiError } from '../http/api-error.ts'

/** Bodies larger than this are refused with 413 before parsing. */
export const MAX_BODY_BYTES = 1_000_000

export interface ParsedInput {
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: unknown
}

type Location = 'params' | 'query' | 'body'

function fieldName(location: Location, path: readonly PropertyKey[]): string {
  const rest = path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')
  if (location === 'body') return `body${rest}`
  const [first, ...more] = path
  const label = location === 'params' ? 'path parameter' : 'query parameter'
  return `${label} ${String(first ?? '')}${more.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}`
}

/** One sentence per issue ("body.amount must be at least 0, got -1"); text that is not a predicate follows a colon. */
function formatIssue(location: Location, issue: z.core.$ZodIssue, schema: z.ZodMiniType): string {
  const field = fieldName(location, issue.path)
  const text = issueText(issue, schema)
  return /^(must|disagrees|is) /.test(text) ? `${field} ${text}` : `${field}: ${text}`
}

function parsePart(location: Location, schema: z.ZodMiniType | undefined, value: unknown, issues: string[]): unknown {
  if (schema === undefined) return {}
  // Parsed without `reportInput` first, which turns off zod's compiled fast path: only a refused value is parsed
  // again, for the inputs the messages quote.
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const reported = schema.safeParse(value, { reportInput: true })
  for (const issue of (reported.error ?? result.error).issues)
    for (const each of reportedIssues(issue)) issues.push(formatIssue(location, each, schema))
  return undefined
}

function queryObject(query: URLSearchParams, issues: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of query) {
    if (name in out) issues.push(repeatedQueryMessage(name))
    else out[name] = value
  }
  return out
}

/** What a query parameter given twice is told: a mistake, not "the last one wins". */
function repeatedQueryMessage(name: string): string {
  return `query parameter ${name.slice(0, 40)} is given more than once`
}

/**
 * Parses a JSON body text; undefined when it is empty. The engine's SyntaxError text is not echoed: engines word
 * it differently, and the same request must give the same bytes in every runtime.
 */
export function parseJsonBody(text: string): unknown {
  if (withoutBom(text).trim() === '') return undefined
  try {
    return parseJsonText(text)
  } catch (error) {
    if (error instanceof JsonTextError && error.message !== 'not valid JSON')
      throw ApiError.badRequest(`body is ${error.message}`)
    throw ApiError.badRequest('body is not valid JSON: send a JSON object with Content-Type: application/json')
  }
}

export function validateRequest(
  route: RouteDefinition,
  rawParams: Record<string, string>,
  query: URLSearchParams,
  bodyText: string,
): ParsedInput {
  const issues: string[] = []
  const params = parsePart('params', route.params, rawParams, issues) as Record<string, unknown>
  const parsedQuery = parsePart('query', route.query, queryObject(query, issues), issues) as Record<string, unknown>
  let body: unknown
  if (route.body !== undefined) {
    // Bytes, as the standalone server counts them while reading (in-process the text is already read).
    if (bodyText.length > MAX_BODY_BYTES / 3 && utf8Length(bodyText) > MAX_BODY_BYTES)
      throw new ApiError(413, `body is larger than ${MAX_BODY_BYTES} bytes`)
    let json = parseJsonBody(bodyText)
    if (json === undefined) {
      if (route.bodyOptional) json = {}
      else issues.push('body is required: send a JSON object with Content-Type: application/json')
    }
    if (json !== undefined) body = parsePart('body', route.body, json, issues)
  }
  if (issues.length > 0) throw ApiError.badRequest(issues.join('; '))
  return { params, query: parsedQuery, body }
}

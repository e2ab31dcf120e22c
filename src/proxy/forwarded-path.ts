/**
 * Where a forwarded request goes: the base URL, then the operation's path as the contract writes it
 * with each parameter as exactly one segment, then the query. Never the client's path as sent: a URL
 * parser resolves `..`, `\` and `%2e%2e`, so a client could reach any path of the service with the
 * token. A parameter that is not one safe segment is refused with a 400; no value the contract allows is.
 */
import type { Operation } from '../contract/operations.ts'
import { ApiError } from '../http/api-error.ts'

/** A segment some server reads as "this one" or "one up": `.`, `..`, and Tomcat's `..;x`. */
const DOT_SEGMENT = /^\.\.?(?:;|$)/
/** Characters that separate, or escape into, segments once a server decodes a segment again, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class names the control characters a segment may not hold
const UNSAFE = /[/\\%\u0000-\u001f\u007f]/

/** Why `value` (decoded) cannot be forwarded as one path segment, or undefined when it can. */
function segmentProblem(value: string): string | undefined {
  if (DOT_SEGMENT.test(value)) return 'is a dot segment, which would climb out of the base path'
  if (UNSAFE.test(value)) return 'holds /, \\, % or a control character, which a server may read as a path separator'
  return undefined
}

/** The segment for `value`, percent-encoded; undefined for a string that is not well-formed Unicode. */
function encodedSegment(value: string): string | undefined {
  try {
    return encodeURIComponent(value)
  } catch {
    return undefined // a lone surrogate
  }
}

/** The URL a request is forwarded to under `base` (no trailing slash); throws a 400 for a parameter that cannot be. */
export function forwardedUrl(
  base: string,
  operation: Operation,
  params: Readonly<Record<string, string>>,
  query: URLSearchParams,
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name] ?? ''
    const segment = encodedSegment(value)
    const problem = segment === undefined ? 'is not well-formed Unicode' : segmentProblem(value)
    if (problem !== undefined)
      throw ApiError.badRequest(
        `the path parameter ${name} ${JSON.stringify(value.slice(0, 80))} ${problem}: not forwarded`,
      )
    return segment!
  })
  const search = query.toString()
  const url = `${base}${path}${search === '' ? '' : `?${search}`}`
  // What fetch will request: the same origin and path, or nothing. Holds by construction; checked all the same.
  const parsed = new URL(url)
  const expected = new URL(base)
  if (parsed.origin !== expected.origin || parsed.pathname !== `${expected.pathname.replace(/\/$/, '')}${path}`)
    throw ApiError.badRequest(`the path ${path.slice(0, 120)} does not stay under ${base}: not forwarded`)
  return url
}

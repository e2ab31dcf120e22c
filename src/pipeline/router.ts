/**
 * Matches a method and path to an operation of the table. Literal segments win over parameters,
 * segment by segment, so `/manager/debt-tokens/{st}` is never taken for `/manager/{address}/{id}`;
 * msw handlers are registered in the same order, so both runtimes pick the same operation.
 */
import { type Operation, operations } from '../contract/operations.ts'

type Segment = { literal: string } | { param: string }

interface CompiledRoute {
  readonly operation: Operation
  readonly segments: readonly Segment[]
}

export type RouteMatch =
  | { kind: 'operation'; operation: Operation; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' }
  | { kind: 'bad-path'; message: string }

function compile(path: string): Segment[] {
  return path
    .split('/')
    .slice(1)
    .map((part) => (part.startsWith('{') ? { param: part.slice(1, -1) } : { literal: part.toLowerCase() }))
}

/** Orders operations so that, at the first segment where two differ, a literal comes before a parameter. */
function bySpecificity(a: { path: string }, b: { path: string }): number {
  const sa = compile(a.path)
  const sb = compile(b.path)
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const la = 'literal' in sa[i]!
    const lb = 'literal' in sb[i]!
    if (la !== lb) return la ? -1 : 1
  }
  return sb.length - sa.length
}

/** The operation table in matching order. */
export const operationsInMatchOrder: readonly Operation[] = [...operations].sort(bySpecificity)

const routes: readonly CompiledRoute[] = operationsInMatchOrder.map((operation) => ({
  operation,
  segments: compile(operation.path),
}))

/** The routes by segment count, each list in matching order: a path is only tried against routes of its length. */
const routesByLength = new Map<number, CompiledRoute[]>()
for (const route of routes) {
  const list = routesByLength.get(route.segments.length)
  if (list) list.push(route)
  else routesByLength.set(route.segments.length, [route])
}
const NO_ROUTES: readonly CompiledRoute[] = []

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null
  // Literals first, so a path that does not match costs no parameter object.
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    // msw matches path literals without regard to case; so does this router, to agree with it.
    if ('literal' in segment && segment.literal !== parts[i]!.toLowerCase()) return null
  }
  const params: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    if ('literal' in segment) continue
    const part = parts[i]!
    if (part === '') return null
    params[segment.param] = part
  }
  return params
}

/** Finds the operation for `method` and an encoded `path` (a trailing slash is ignored). */
export function matchRoute(method: string, path: string): RouteMatch {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  const parts = trimmed.split('/').slice(1)
  const allowed: string[] = []
  for (const route of routesByLength.get(parts.length) ?? NO_ROUTES) {
    const params = matchSegments(route.segments, parts)
    if (params === null) continue
    if (route.operation.method !== method) {
      if (!allowed.includes(route.operation.method)) allowed.push(route.operation.method)
      continue
    }
    try {
      for (const name of Object.keys(params)) params[name] = decodeURIComponent(params[name]!)
    } catch {
      return { kind: 'bad-path', message: `path ${path} is not validly percent-encoded` }
    }
    return { kind: 'operation', operation: route.operation, params }
  }
  return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' }
}

/**
 * The methods a path allows, as an `Allow` header lists them: its operations' methods, HEAD
 * wherever GET is allowed (the standalone server answers it), and OPTIONS (CORS preflights).
 */
export function allowHeader(methods: readonly string[]): string {
  const all = [...methods]
  if (all.includes('GET') && !all.includes('HEAD')) all.push('HEAD')
  if (!all.includes('OPTIONS')) all.push('OPTIONS')
  return all.join(', ')
}

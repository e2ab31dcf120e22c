/**
 * The one router, for the API's operations and the control routes alike. Literal segments win over parameters,
 * segment by segment, so `/manager/debt-tokens/{st}` is never taken for `/manager/{address}/{id}`.
 */
import { type ControlPath, controlPaths } from '../contract/control-paths.ts'
import { CONTROL_GROUP } from '../contract/control-route.ts'
import { type Operation, operations } from '../contract/operations.ts'
import { ApiError } from '../http/api-error.ts'

type Segment = { literal: string } | { param: string }

type Route = Operation | ControlPath

interface CompiledRoute {
  readonly route: Route
  readonly segments: readonly Segment[]
  /** Operation paths match in any case, as msw matches them; control paths exactly, as the server admits them. */
  readonly exact: boolean
}

export type RouteMatch =
  | { kind: 'operation'; operation: Operation; params: Record<string, string> }
  | { kind: 'control'; route: ControlPath; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' }
  | { kind: 'bad-path'; message: string }

function isControlRoute(route: Route): route is ControlPath {
  return route.group === CONTROL_GROUP
}

function compile(path: string, exact: boolean): Segment[] {
  return path
    .split('/')
    .slice(1)
    .map((part) =>
      part.startsWith('{') ? { param: part.slice(1, -1) } : { literal: exact ? part : part.toLowerCase() },
    )
}

/** Orders routes so that, at the first segment where two differ, a literal comes before a parameter. */
function bySpecificity(a: { path: string }, b: { path: string }): number {
  const sa = compile(a.path, true)
  const sb = compile(b.path, true)
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const la = 'literal' in sa[i]!
    const lb = 'literal' in sb[i]!
    if (la !== lb) return la ? -1 : 1
  }
  return sb.length - sa.length
}

/** The operation table in matching order. */
export const operationsInMatchOrder: readonly Operation[] = [...operations].sort(bySpecificity)

const routes: readonly CompiledRoute[] = [...operations, ...controlPaths].sort(bySpecificity).map((route) => {
  const exact = isControlRoute(route)
  return { route, segments: compile(route.path, exact), exact }
})

/** The routes by segment count, each list in matching order: a path is only tried against routes of its length. */
const routesByLength = new Map<number, CompiledRoute[]>()
for (const route of routes) {
  const list = routesByLength.get(route.segments.length)
  if (list) list.push(route)
  else routesByLength.set(route.segments.length, [route])
}
const NO_ROUTES: readonly CompiledRoute[] = []

function matchSegments(
  { segments, exact }: CompiledRoute,
  parts: readonly string[],
  lowerParts: readonly string[],
): Record<string, string> | null {
  // Literals first, so a path that does not match costs no parameter object.
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    if ('literal' in segment && segment.literal !== (exact ? parts : lowerParts)[i]) return null
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

/** Finds the route for `method` and an encoded `path` (a trailing slash is ignored). */
export function matchRoute(method: string, path: string): RouteMatch {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  const parts = trimmed.split('/').slice(1)
  const candidates = routesByLength.get(parts.length) ?? NO_ROUTES
  const lowerParts = candidates.length === 0 ? parts : parts.map((part) => part.toLowerCase())
  const allowed: string[] = []
  for (const compiled of candidates) {
    const params = matchSegments(compiled, parts, lowerParts)
    if (params === null) continue
    const { route } = compiled
    if (route.method !== method) {
      if (!allowed.includes(route.method)) allowed.push(route.method)
      continue
    }
    try {
      for (const name of Object.keys(params)) params[name] = decodeURIComponent(params[name]!)
    } catch {
      return { kind: 'bad-path', message: `path ${path} is not validly percent-encoded` }
    }
    return isControlRoute(route) ? { kind: 'control', route, params } : { kind: 'operation', operation: route, params }
  }
  return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' }
}

/** The methods a path allows, as `Allow` lists them: HEAD wherever GET is (the server answers it), and OPTIONS. */
function allowHeader(methods: readonly string[]): string {
  const all = [...methods]
  if (all.includes('GET') && !all.includes('HEAD')) all.push('HEAD')
  if (!all.includes('OPTIONS')) all.push('OPTIONS')
  return all.join(', ')
}

/** The 405 for a path whose routes take other methods, with its `Allow` header (API and control routes alike). */
export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): ApiError {
  const allow = allowHeader(allowed)
  return new ApiError(405, `${method} is not allowed on ${path} (allowed: ${allow})`, undefined, { allow })
}

/**
 * The path each route has in the OpenAPI document. The spec has route pairs whose paths differ only
 * in a parameter's name (`/manager/{address}/{tokenAddress}` and `/manager/{address}/{id}`), which
 * OpenAPI forbids and routing tools cannot tell apart, so the document gives each pair one path item
 * with the parameter named after both (`{tokenAddressOrId}`), typed by each operation for itself.
 * The router, the handlers and docs/api.md keep the spec's names.
 */
import type { RouteDefinition } from './operation.ts'

export interface DocumentPath {
  /** The path as the document writes it. */
  readonly path: string
  /** The document's name of each path parameter, by the name the contract gives it. */
  readonly names: Readonly<Record<string, string>>
}

const PARAMETER = /\{(\w+)\}/g

/** The path with its parameters unnamed: two routes with the same shape are the same path to OpenAPI. */
function shapeOf(path: string): string {
  return path.replace(PARAMETER, '{}')
}

function namesOf(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map((match) => match[1]!)
}

/** `tokenAddress` and `id` → `tokenAddressOrId`. */
function joinedName(names: readonly string[]): string {
  return names.map((name, i) => (i === 0 ? name : `${name[0]!.toUpperCase()}${name.slice(1)}`)).join('Or')
}

export function documentPaths(routes: readonly RouteDefinition[]): Map<string, DocumentPath> {
  const byShape = new Map<string, RouteDefinition[]>()
  for (const route of routes) {
    const shape = shapeOf(route.path)
    byShape.set(shape, [...(byShape.get(shape) ?? []), route])
  }
  const paths = new Map<string, DocumentPath>()
  for (const [shape, members] of byShape) {
    // At each parameter position, the names the routes of this shape give it, in table order.
    const positions = namesOf(members[0]!.path).map((_, i) => [
      ...new Set(members.map((route) => namesOf(route.path)[i]!)),
    ])
    const shared = positions.map(joinedName)
    let index = 0
    const path = shape.replace(/\{\}/g, () => `{${shared[index++]}}`)
    for (const route of members) {
      const names = Object.fromEntries(namesOf(route.path).map((name, i) => [name, shared[i]!]))
      paths.set(route.id, { path, names })
    }
  }
  return paths
}

/** Each path parameter by every name it goes by (the contract's and the document's), as scenario rules may name it. */
export function parameterAliases(routes: readonly RouteDefinition[]): Map<string, Readonly<Record<string, string>>> {
  const aliases = new Map<string, Readonly<Record<string, string>>>()
  for (const [id, { names }] of documentPaths(routes)) {
    const renamed = Object.entries(names).filter(([spec, name]) => spec !== name)
    if (renamed.length > 0) aliases.set(id, Object.fromEntries(renamed.map(([spec, name]) => [name, spec])))
  }
  return aliases
}

/**
 * The names a scenario rule's `match.params` may give a path parameter: the spec's, and the OpenAPI
 * document's where it had to rename one (contract/openapi-paths.ts).
 */
import { parameterAliases } from '../contract/openapi-paths.ts'
import { operations } from '../contract/operations.ts'

let aliases: Map<string, Readonly<Record<string, string>>> | undefined

/** The OpenAPI document's names of the path parameters of `operationId` it renamed (`tokenAddressOrId`). */
export function documentNamesOf(operationId: string): Readonly<Record<string, string>> {
  aliases ??= parameterAliases(operations)
  return aliases.get(operationId) ?? {}
}

/** A call's path parameters under every name a rule may give them. */
export function paramsByEveryName(
  operationId: string,
  params: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const renamed = Object.entries(documentNamesOf(operationId))
  if (renamed.length === 0) return params
  return { ...params, ...Object.fromEntries(renamed.map(([name, spec]) => [name, params[spec]!])) }
}

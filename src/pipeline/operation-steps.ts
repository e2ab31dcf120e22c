/**
 * The innermost steps of the pipeline: the Bearer check, then validation and the operation's
 * resolver. Writes run one at a time per model, so concurrent requests never interleave halfway.
 */
import { callerAddress } from '../domain/caller.ts'
import { ApiError } from '../http/api-error.ts'
import { jsonHeaders, jsonResponse } from '../http/sim-request.ts'
import type { Clock } from '../model/clock.ts'
import { insufficientStorage } from '../model/model.ts'
import type { ResolverContext, ResolverTable } from '../resolvers/resolver.ts'
import { authenticate } from './authenticate.ts'
import type { Step } from './compose.ts'
import { ListJsonCache } from './json-cache.ts'
import { validateRequest } from './validate-request.ts'

export function authenticateStep(): Step {
  return (context, next) => {
    const token = authenticate(context.request.header('authorization'))
    // The address is the journal's `caller`: who acted, without the token.
    context.caller = { token, address: callerAddress(token) }
    return next()
  }
}

/** The most records one list answer carries: serializing it stays short, so no list blocks other clients for long. */
export const MAX_LIST_ITEMS = 20_000

export function resolveStep(resolvers: ResolverTable, clock: Clock): Step {
  const lists = new ListJsonCache()
  return async (context) => {
    const { operation, request, state } = context
    const bodyText = 'body' in operation ? await request.text() : ''
    const input = validateRequest(operation, context.params, request.query, bodyText)
    const caller = context.caller ?? { token: '', address: callerAddress('') }
    const resolverContext: ResolverContext = { model: state.model, clock, random: state.random, caller }
    const resolver = resolvers[operation.id] as (input: unknown, context: ResolverContext) => unknown
    if (operation.method === 'GET') {
      const output = await resolver(input, resolverContext)
      if (Array.isArray(output) && output.length > MAX_LIST_ITEMS) {
        throw new ApiError(
          422,
          `the list holds ${output.length} records, more than the ${MAX_LIST_ITEMS} an answer carries: free room with POST /__sim/reset, or write fewer records`,
        )
      }
      const key = `${operation.id} ${request.path}?${request.query.toString()}`
      const { json, encoded } = lists.serialize(key, output)
      return { status: 200, headers: jsonHeaders(), body: json, ...(encoded !== undefined && { encoded }) }
    }
    return jsonResponse(
      200,
      await state.model.exclusive(async () => {
        if (operation.method === 'POST' && state.model.capacityUsed() >= state.model.maxRecords)
          throw insufficientStorage(operation.id, operation.group, state.model.maxRecords)
        return resolver(input, resolverContext)
      }),
    )
  }
}

/**
 * What a control route answers when the scenario a client names or sends cannot be used: a 400 with
 * the scenario's own message (each mistake's line joined by "; " so it fits one message).
 */
import { ApiError } from '../http/api-error.ts'
import { UnknownScenarioError } from '../scenarios/scenario-catalog.ts'
import { ScenarioError } from '../scenarios/scenario-schema.ts'

/** Runs `use`; an unknown or invalid scenario it meets is thrown again as a 400. */
export function refusingBadScenarios<T>(use: () => T): T {
  try {
    return use()
  } catch (error) {
    if (error instanceof UnknownScenarioError) throw ApiError.badRequest(error.message)
    if (error instanceof ScenarioError) throw ApiError.badRequest(error.message.split('\n').join('; '))
    throw error
  }
}

/**
 * The control handlers for writing scenarios by hand: the scenario files' JSON Schema as the
 * package ships it, and checking a scenario as a file is checked without activating it (the
 * dashboard's rule draft is checked this way, so its messages are a file's). Adding a rule to the
 * active scenario acts on a tenant: it is in tenant-handlers.ts.
 */
import { ApiError } from '../http/api-error.ts'
import { parseNamedScenario } from '../scenarios/scenario-activation.ts'
import type { ControlHandlerTable } from './control-handler.ts'
import { scenarioSummary } from './scenario-file-handlers.ts'
import { refusingBadScenarios } from './scenario-refusal.ts'

const NO_SCHEMA =
  'the scenario schema is served by the standalone server (debt-token-simulator serve); the package ships it as scenarios/scenario.schema.json'

export const authoringHandlers: ControlHandlerTable<'getScenarioSchema' | 'checkScenario'> = {
  getScenarioSchema: (_input, { dashboard }) => {
    const text = dashboard?.read('scenario.schema.json')
    if (text === undefined) throw ApiError.notFound(NO_SCHEMA)
    return JSON.parse(text) as Record<string, unknown>
  },
  checkScenario: ({ body }) => {
    const name = body.name ?? 'inline'
    return scenarioSummary(
      name,
      refusingBadScenarios(() => parseNamedScenario(body.scenario, name)),
    )
  },
}

/**
 * The control handler that checks a scenario as a file is checked, without activating it (the
 * dashboard's rule draft is checked this way, so its messages are a file's).
 */
import { parseNamedScenario } from '../scenarios/scenario-activation.ts'
import type { ControlHandlerTable } from './control-handler.ts'
import { scenarioSummary } from './scenario-file-handlers.ts'
import { refusingBadScenarios } from './scenario-refusal.ts'

export const authoringHandlers: ControlHandlerTable<'checkScenario'> = {
  checkScenario: ({ body }) => {
    const name = body.name ?? 'inline'
    return scenarioSummary(
      name,
      refusingBadScenarios(() => parseNamedScenario(body.scenario, name)),
    )
  },
}

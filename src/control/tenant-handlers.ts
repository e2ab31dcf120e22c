/** The control handlers that act on one tenant: the default one or the session `X-Sim-Session` names. */
import { FactoryError } from '../factories/factory-error.ts'
import type { ScenarioRuleInput } from '../scenarios/rule-schema.ts'
import type { ScenarioInput } from '../scenarios/scenario-schema.ts'
import { sessionOf } from '../sessions/session-header.ts'
import type { TenantControls } from '../sessions/tenant-controls.ts'
import type { ControlContext, ControlHandlerTable } from './control-handler.ts'
import { refusingBadScenarios } from './scenario-refusal.ts'
import { statePage } from './state-page.ts'

/** The tenant a control request acts on: its `X-Sim-Session` session (created on first use), or the default one. */
export function tenantOf({ simulator, request }: ControlContext): TenantControls {
  const session = sessionOf(request)
  return session === null ? simulator : simulator.sessions.get(session)
}

function scenarioView(context: ControlContext) {
  const tenant = tenantOf(context)
  return {
    session: sessionOf(context.request),
    active: tenant.scenarios.active,
    status: tenant.scenarios.status(),
    available: context.simulator.scenarios.names,
  }
}

/** Activates what a PUT /__sim/scenario body names: a scenario by name, or a scenario object. */
async function activate(context: ControlContext, name: string | undefined, scenario: object | undefined) {
  // Its world.create records are made in slices first, so activating holds no other client.
  await context.simulator.host.prepareScenario(scenario ?? name)
  const tenant = tenantOf(context)
  refusingBadScenarios(() => {
    if (scenario !== undefined) tenant.scenarios.use(scenario as ScenarioInput, name)
    else if (name !== undefined) tenant.scenarios.use(name)
  })
}

export const tenantHandlers: ControlHandlerTable<
  | 'resetSimulator'
  | 'getState'
  | 'createRecords'
  | 'getScenario'
  | 'activateScenario'
  | 'addScenarioRule'
  | 'deactivateScenario'
> = {
  resetSimulator: (_input, context) => {
    const session = sessionOf(context.request)
    if (session === null) context.simulator.reset()
    else context.simulator.sessions.get(session).reset()
    return { reset: true, ...scenarioView(context) }
  },
  getState: ({ query }, { simulator, request }) => statePage(simulator, { session: sessionOf(request), ...query }),
  createRecords: async ({ params, body }, context) => {
    try {
      return await tenantOf(context).createRecords({ table: params.table, ...body })
    } catch (error) {
      // Named as the body carries them: body.overrides.debtorAddress, body.count.
      if (error instanceof FactoryError) throw error.within('body')
      throw error
    }
  },
  getScenario: (_input, context) => scenarioView(context),
  activateScenario: async ({ body }, context) => {
    await activate(context, body.name, body.scenario)
    return scenarioView(context)
  },
  addScenarioRule: ({ body }, context) => {
    const tenant = tenantOf(context)
    refusingBadScenarios(() => tenant.scenarios.addRule(body as ScenarioRuleInput))
    return scenarioView(context)
  },
  deactivateScenario: (_input, context) => {
    tenantOf(context).scenarios.use(null)
    return scenarioView(context)
  },
}

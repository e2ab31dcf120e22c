/** Control routes for writing scenarios by hand; they validate with the scenario schema, as a file is at load. */
import * as z from 'zod/mini'
import { SimScenarioSummary } from './control-dashboard-schemas.ts'
import { controlPath } from './control-paths.ts'
import { defineControlRoute } from './control-route.ts'
import { EXAMPLE_SCENARIO, SimScenarioView } from './control-schemas.ts'
import { ScenarioName } from './scenario-names.ts'

const SimScenarioRuleBody = z.looseObject({}).register(z.globalRegistry, {
  id: 'SimScenarioRule',
  description:
    "one rule, as a scenario file's `rules` holds it (docs/scenarios.md; its JSON Schema: GET /__sim/scenario.schema.json); validated as a file's rule",
  examples: [
    { operation: 'createManagerPayment', fromCall: 2, respond: { status: 503, message: 'down' } },
    { operation: '*', delayMs: { min: 100, max: 400 } },
  ],
})

const CheckScenarioBody = z.lazy(() =>
  z
    .object({
      name: z
        .optional(ScenarioName)
        .clone()
        .register(z.globalRegistry, { description: 'the name it would be activated under (default "inline")' }),
      scenario: z.looseObject({}).clone().register(z.globalRegistry, {
        description:
          'a scenario object, as a scenario file holds it (its JSON Schema: GET /__sim/scenario.schema.json)',
      }),
    })
    .register(z.globalRegistry, {
      id: 'SimCheckScenario',
      examples: [{ name: 'payments-down', scenario: EXAMPLE_SCENARIO }],
    }),
)

export const authoringRoutes = [
  defineControlRoute({
    ...controlPath('getScenarioSchema'),
    summary: "The scenario files' JSON Schema (scenarios/scenario.schema.json of the package)",
    description:
      'Answers the JSON Schema scenario files are written against, as the installed package ships it, so a file whose `$schema` is this URL is completed and checked by an editor while the simulator runs.',
    response: z.lazy(() =>
      z
        .record(z.string(), z.unknown())
        .clone()
        .register(z.globalRegistry, { description: 'a JSON Schema (draft 2020-12)' }),
    ),
    errors: { 404: 'the schema is served by the standalone server only (debt-token-simulator serve)' },
  }),
  defineControlRoute({
    ...controlPath('addScenarioRule'),
    session: true,
    summary:
      'Add a rule after the active scenario\'s rules, counters and data kept; with none active, activate "added-rules" with it (X-Sim-Session for a session\'s)',
    description:
      'Validates the rule as a scenario file\'s rule (the message names `rules[n]` and the bad field) and adds it after the active scenario\'s rules: their counters and the data stay as they were. With no scenario active, activates a scenario named "added-rules" holding this rule. Answers the scenario view.',
    body: SimScenarioRuleBody,
    response: SimScenarioView,
    errors: {
      400: 'the rule is not valid (the message says which field and why), the active scenario holds too many rules for one more (docs/scenarios.md), or X-Sim-Session is not a valid session name',
      429: 'X-Sim-Session names a new session and the session limit is reached',
    },
  }),
  defineControlRoute({
    ...controlPath('checkScenario'),
    summary: 'Check a scenario object as a file is checked, without activating it; answers it in words',
    description:
      'Validates a scenario object and the name it would be activated under exactly as a scenario file is validated at load, and answers its description, world and rules in words. Nothing changes.',
    body: CheckScenarioBody,
    response: SimScenarioSummary,
    errors: { 400: 'the scenario or its name is not valid (the message names each bad field)' },
  }),
] as const

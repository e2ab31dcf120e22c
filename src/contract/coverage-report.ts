/** The API coverage report as a zod schema (docs/coverage.md); `npm run coverage-schema` writes its JSON Schema. */
import * as z from 'zod/mini'

const Count = z.int().check(z.gte(0))

const Ratio = z.strictObject({ covered: Count, total: Count }).clone().register(z.globalRegistry, {
  description: 'How many of the total were covered (the percentage is covered / total).',
})

/** How to reach a declared response a suite never saw: a step to paste, or a rule where no request can. */
export const ReadyStep = z
  .strictObject({
    how: z
      .string()
      .clone()
      .register(z.globalRegistry, { description: 'In words: what the step or rule does to reach the status.' }),
    steps: z
      .optional(z.array(z.record(z.string(), z.unknown())))
      .clone()
      .register(z.globalRegistry, {
        description:
          'Scenario file steps (for its `steps[]`), the last of which gets the status; earlier ones make what it needs.',
      }),
    rule: z.optional(z.record(z.string(), z.unknown())).clone().register(z.globalRegistry, {
      description: "A scenario file's rule (its `rules[]`) that makes the simulator answer the status.",
    }),
  })
  .register(z.globalRegistry, { id: 'CoverageReadyStep' })
export type ReadyStep = z.infer<typeof ReadyStep>

const FieldSeen = z.strictObject({
  field: z.string().clone().register(z.globalRegistry, {
    description: 'The request field a 400 named, as the message names it: body.amount, path parameter address.',
  }),
  seen: Count,
})

const Cause = z
  .strictObject({
    scenario: z
      .nullable(z.string())
      .clone()
      .register(z.globalRegistry, { description: 'The scenario active for the request, or null.' }),
    rule: z.unknown().clone().register(z.globalRegistry, {
      description: 'The scenario rule that answered, as the scenario holds it; null when no rule answered.',
    }),
    seen: Count,
  })
  .register(z.globalRegistry, { id: 'CoverageCause' })
export type CoverageCause = z.infer<typeof Cause>

const DeclaredResponse = z.strictObject({
  status: z.int(),
  declared: z.literal(true),
  seen: Count.clone().register(z.globalRegistry, {
    description: 'How many answers had this status, a request reaching it with no scenario rule answering.',
  }),
  fields: z
    .optional(z.array(FieldSeen))
    .clone()
    .register(z.globalRegistry, { description: 'For 400: the request fields whose errors the answers named.' }),
  forced: z.optional(z.array(Cause)).clone().register(z.globalRegistry, {
    description:
      'Answers with this status that a scenario rule forced, by scenario and rule: not counted in `seen`, nor as covered.',
  }),
  ready: z
    .optional(ReadyStep)
    .clone()
    .register(z.globalRegistry, { description: 'For a response never seen: how to reach it.' }),
})

const UndeclaredResponse = z.strictObject({
  status: z.int().clone().register(z.globalRegistry, { description: 'The status; 0 stands for a network error.' }),
  declared: z.literal(false),
  seen: Count,
  causes: z.array(Cause),
})

const SimulatorResponse = z.strictObject({
  status: z.int(),
  seen: Count,
  reason: z.string().clone().register(z.globalRegistry, {
    description: 'Why the simulator answers it: a limit or feature of its own, not the service.',
  }),
})

export const OperationCoverage = z.strictObject({
  operationId: z.string(),
  method: z.string(),
  path: z.string(),
  calls: Count.clone().register(z.globalRegistry, {
    description: 'Every answered call of the operation, whatever its status.',
  }),
  responses: z
    .array(DeclaredResponse)
    .clone()
    .register(z.globalRegistry, { description: 'Each status the contract declares for the operation.' }),
  undeclared: z
    .array(UndeclaredResponse)
    .clone()
    .register(z.globalRegistry, { description: 'Statuses seen that the contract does not declare.' }),
  simulator: z
    .array(SimulatorResponse)
    .clone()
    .register(z.globalRegistry, { description: "The simulator's own statuses seen: reported, not counted." }),
})
export type OperationCoverage = z.infer<typeof OperationCoverage>

export const COVERAGE_FORMAT = 'debt-token-simulator/coverage@1'

export const CoverageReport = z
  .strictObject({
    $schema: z.optional(z.string()),
    format: z.literal(COVERAGE_FORMAT),
    totals: z.strictObject({
      operations: Ratio.clone().register(z.globalRegistry, {
        description: 'Operations called at least once, of the operations of the service.',
      }),
      responses: Ratio.clone().register(z.globalRegistry, {
        description: 'Declared responses seen at least once, of every operation’s declared responses.',
      }),
      calls: Count.clone().register(z.globalRegistry, { description: 'Every call of an operation.' }),
      unmatched: Count.clone().register(z.globalRegistry, {
        description: 'Requests no operation matched (404, 405 of the router).',
      }),
    }),
    operations: z.array(OperationCoverage),
  })
  .register(z.globalRegistry, { id: 'CoverageReport' })
export type CoverageReport = z.infer<typeof CoverageReport>

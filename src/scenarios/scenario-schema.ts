/**
 * The scenario file format, as one zod schema (rules in rule-schema.ts, steps in step-schema.ts).
 * `parseScenario()` is the one place a file is validated, so a mistake fails at load with the file
 * name and the path of the bad field.
 */
import * as z from 'zod/mini'
import { IsoDateTime } from '../contract/formats.ts'
import { issueText } from '../contract/issue-text.ts'
import { knownFields, nearestName } from '../contract/unknown-key.ts'
import { WorldCreate } from '../factories/factory-entry.ts'
import { formatPath } from '../model/world.ts'
import { ScenarioRule } from './rule-schema.ts'
import { ScenarioStep } from './step-schema.ts'

/** The largest generated world a scenario may ask for (the CLI's --size allows more). */
export const MAX_WORLD_SIZE = 10_000

export const ScenarioWorld = z.lazy(() =>
  z
    .strictObject({
      fixtures: z
        .optional(z.enum(['empty']))
        .clone()
        .register(z.globalRegistry, { description: 'A named fixture set: "empty" is a world without any record.' }),
      size: z
        .optional(z.int().check(z.gte(0), z.lte(MAX_WORLD_SIZE)))
        .clone()
        .register(z.globalRegistry, {
          description: 'Generate a coherent world of this many debt tokens from the seed.',
        }),
      create: z.optional(WorldCreate),
    })
    .check(
      z.refine((world) => world.fixtures === undefined || world.size === undefined, {
        message: 'give at most one of fixtures or size',
      }),
      z.refine((world) => world.fixtures !== undefined || world.size !== undefined || world.create !== undefined, {
        message: 'give fixtures, size or create',
      }),
    )
    .clone()
    .register(z.globalRegistry, {
      description: 'The world the scenario starts from; activating the scenario rebuilds the model from it.',
    }),
)
export type ScenarioWorld = z.infer<typeof ScenarioWorld>

export const Scenario = z.lazy(() =>
  z
    .strictObject({
      $schema: z.optional(z.string()),
      description: z.string().check(z.minLength(1, { error: 'must be a non-empty string' })),
      notes: z.optional(z.array(z.string())).clone().register(z.globalRegistry, {
        description:
          'What a recording noted about how it was made (what it cut, the state it started from): why a replay may differ. Replay reports them.',
      }),
      world: z.optional(ScenarioWorld),
      simulator: z
        .optional(
          z.strictObject({
            seed: z.optional(z.int()),
            now: z.optional(IsoDateTime),
          }),
        )
        .clone()
        .register(z.globalRegistry, {
          description: 'Options of the simulator the steps were written for: replay in-process uses them.',
        }),
      rules: z._default(z.array(ScenarioRule), []).clone().register(z.globalRegistry, {
        description:
          'Evaluated in order for every call; the first that applies wins. Optional: a file of steps alone has none.',
      }),
      steps: z.optional(z.array(ScenarioStep)).clone().register(z.globalRegistry, {
        description: 'QA steps: requests and what to expect, replayed by npm run replay.',
      }),
    })
    .clone()
    .register(z.globalRegistry, { title: 'debt-token-simulator scenario' }),
)
export type Scenario = z.infer<typeof Scenario>
/** What a scenario file may hold before validation (what editors complete). */
export type ScenarioInput = z.input<typeof Scenario>

/** A scenario file mistake: names the source (a file) and the path of every bad field. */
export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(issues.map((issue) => `${source}: ${issue.path === '' ? '' : `${issue.path}: `}${issue.message}`).join('\n'))
    this.name = 'ScenarioError'
  }
}

/** An unknown field of a scenario file: the field it was likely meant to be, or where the fields are listed. */
function unknownFieldMessage(key: string, path: readonly PropertyKey[]): string {
  const suggestion = nearestName(key, knownFields(Scenario, path))
  return suggestion === undefined
    ? 'unknown field (check the spelling against scenario.schema.json)'
    : `unknown field; did you mean "${suggestion}"?`
}

/**
 * Validates a parsed scenario file.
 * @param source how the scenario is named in errors, e.g. `scenarios/flaky-backend.json`.
 */
export function parseScenario(raw: unknown, source: string): Scenario {
  const result = Scenario.safeParse(raw)
  if (result.success) return result.data
  // Parsed again with the inputs, which the messages quote (bounded).
  const issues = Scenario.safeParse(raw, { reportInput: true }).error?.issues ?? result.error.issues
  throw new ScenarioError(
    source,
    issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? {
            path: formatPath([...issue.path, issue.keys[0]!]),
            message: unknownFieldMessage(issue.keys[0]!, issue.path),
          }
        : { path: formatPath(issue.path), message: issueText(issue) },
    ),
  )
}

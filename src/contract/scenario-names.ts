/** What a scenario's name may be, as a regular expression and as a zod schema whose OpenAPI `pattern` says the same. */
import * as z from 'zod/mini'

export const MAX_SCENARIO_NAME_LENGTH = 64
/** Scenario names are file names without `.json`: letters, digits, `.`, `_` and `-`. */
export const SCENARIO_NAME = /^[A-Za-z0-9][\w.-]*$/
export const SCENARIO_NAME_RULE = `a scenario name is 1-${MAX_SCENARIO_NAME_LENGTH} letters, digits, ".", "_" and "-", starting with a letter or digit`

/** SCENARIO_NAME with its length, in one pattern every JSON Schema validator reads. */
const SCENARIO_NAME_PATTERN = `^[A-Za-z0-9][A-Za-z0-9_.-]{0,${MAX_SCENARIO_NAME_LENGTH - 1}}$`

/** A scenario's name in a control body. */
export const ScenarioName = z
  .string()
  .check(z.regex(new RegExp(SCENARIO_NAME_PATTERN), { error: SCENARIO_NAME_RULE }))
  .clone()
  .register(z.globalRegistry, { examples: ['flaky-backend'] })

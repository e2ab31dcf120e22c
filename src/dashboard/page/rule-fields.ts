/**
 * The rule form's fields as a scenario rule: what a QA engineer typed, as text, turned into the
 * object a scenario file's `rules` holds. Only the form's own mistakes are caught here (a match
 * that is not JSON); everything else, a status of 200 or a missing message, is left to the server,
 * which validates with the scenario schema so the message is the one a file would get.
 */

/** The form's fields, each as typed; empty means "not given". */
export interface RuleFields {
  readonly operation: string
  readonly description: string
  readonly matchParams: string
  readonly matchQuery: string
  readonly matchBody: string
  readonly fromCall: string
  readonly every: string
  readonly times: string
  readonly status: string
  readonly message: string
  readonly error: string
  readonly delayMs: string
  /** With `delayMs`: a delay drawn from the seed between the two. */
  readonly delayMaxMs: string
  readonly networkError: boolean
}

export const EMPTY_RULE_FIELDS: RuleFields = {
  operation: '*',
  description: '',
  matchParams: '',
  matchQuery: '',
  matchBody: '',
  fromCall: '',
  every: '',
  times: '',
  status: '',
  message: '',
  error: '',
  delayMs: '',
  delayMaxMs: '',
  networkError: false,
}

const given = (text: string) => text.trim() !== ''
/** A number field as a number; what the browser could not read as one stays text, for the server to name. */
const numberOf = (text: string): number | string => (Number.isNaN(Number(text)) ? text : Number(text))

function matchPart(label: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`Match ${label} must be JSON, e.g. {"amount": "1500"}`)
  }
}

/** The rule the fields describe; throws with a message when a match field is not JSON. */
export function ruleFromFields(fields: RuleFields): Record<string, unknown> {
  const match = {
    ...(given(fields.matchParams) && { params: matchPart('path parameters', fields.matchParams) }),
    ...(given(fields.matchQuery) && { query: matchPart('query', fields.matchQuery) }),
    ...(given(fields.matchBody) && { body: matchPart('body', fields.matchBody) }),
  }
  const delay = given(fields.delayMaxMs)
    ? { min: given(fields.delayMs) ? numberOf(fields.delayMs) : 0, max: numberOf(fields.delayMaxMs) }
    : given(fields.delayMs)
      ? numberOf(fields.delayMs)
      : undefined
  return {
    operation: fields.operation,
    ...(given(fields.description) && { description: fields.description.trim() }),
    ...(Object.keys(match).length > 0 && { match }),
    ...(given(fields.fromCall) && { fromCall: numberOf(fields.fromCall) }),
    ...(given(fields.every) && { every: numberOf(fields.every) }),
    ...(given(fields.times) && { times: numberOf(fields.times) }),
    ...(delay !== undefined && { delayMs: delay }),
    ...((given(fields.status) || given(fields.message) || given(fields.error)) && {
      respond: {
        status: given(fields.status) ? numberOf(fields.status) : undefined,
        message: fields.message,
        ...(given(fields.error) && { error: fields.error }),
      },
    }),
    ...(fields.networkError && { networkError: true }),
  }
}

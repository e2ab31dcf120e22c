/**
 * The operators a replay step's expected body may hold (`$length`, `$contains`, `$not`, `$absent`…;
 * docs/scenarios.md), and their check at load; `expect-subset.ts` applies them. Member names starting
 * with `$` are kept for operators, so a typo (`$contain`) fails at load rather than every replay.
 */

export const LENGTH_OPERATOR = '$length'
export const MIN_LENGTH_OPERATOR = '$minLength'
export const CONTAINS_OPERATOR = '$contains'
export const TYPE_OPERATOR = '$type'
export const NOT_OPERATOR = '$not'
export const ABSENT_OPERATOR = '$absent'

const OPERATORS = [
  CONTAINS_OPERATOR,
  TYPE_OPERATOR,
  LENGTH_OPERATOR,
  MIN_LENGTH_OPERATOR,
  NOT_OPERATOR,
  ABSENT_OPERATOR,
] as const
type Operator = (typeof OPERATORS)[number]

/** The JSON types `$type` names; `integer` is a number without a fractional part. */
const VALUE_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const
export type ValueType = (typeof VALUE_TYPES)[number]

export type BodyOperator =
  | { readonly kind: typeof CONTAINS_OPERATOR; readonly subset: unknown }
  | { readonly kind: typeof TYPE_OPERATOR; readonly type: ValueType }
  | { readonly kind: typeof LENGTH_OPERATOR | typeof MIN_LENGTH_OPERATOR; readonly length: number }
  | { readonly kind: typeof NOT_OPERATOR; readonly expected: unknown }
  | { readonly kind: typeof ABSENT_OPERATOR }

const isOperator = (name: string): name is Operator => (OPERATORS as readonly string[]).includes(name)

/** The operator an expected value stands for, or undefined for a plain value (`bodyExpectationIssues` passed). */
export function bodyOperator(expected: unknown): BodyOperator | undefined {
  if (expected === null || typeof expected !== 'object' || Array.isArray(expected)) return undefined
  const names = Object.keys(expected)
  const name = names[0]
  if (names.length !== 1 || name === undefined || !isOperator(name)) return undefined
  const operand = (expected as Record<string, unknown>)[name]
  if (name === CONTAINS_OPERATOR) return { kind: name, subset: operand }
  if (name === NOT_OPERATOR) return { kind: name, expected: operand }
  if (name === ABSENT_OPERATOR) return operand === true ? { kind: name } : undefined
  if (name === TYPE_OPERATOR)
    return VALUE_TYPES.includes(operand as ValueType) ? { kind: name, type: operand as ValueType } : undefined
  return typeof operand === 'number' ? { kind: name, length: operand } : undefined
}

export function hasValueType(value: unknown, type: ValueType): boolean {
  switch (type) {
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value)
    case 'integer':
      return Number.isInteger(value)
    default:
      return typeof value === type
  }
}

export interface ExpectationIssue {
  /** Relative to the expected body. */
  readonly path: readonly (string | number)[]
  readonly message: string
}

const quoted = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name)
const given = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : JSON.stringify(value)

/**
 * Whether an expected value at `path` stands for a member (or the whole body), where "not there"
 * means something: not an array item, not what `$contains` looks for (a `$not` stands where its operand would).
 */
function standsForMember(path: readonly (string | number)[]): boolean {
  let end = path.length
  while (end > 0 && path[end - 1] === NOT_OPERATOR) end--
  const last = path[end - 1]
  return typeof last !== 'number' && last !== CONTAINS_OPERATOR
}

function operandIssue(name: Operator, operand: unknown, path: readonly (string | number)[]): string | undefined {
  if (name === ABSENT_OPERATOR) {
    if (operand !== true)
      return `must be true (the member is not there), got ${given(operand)}; for "the member is there", write {"$not": {"$absent": true}}`
    return standsForMember(path)
      ? undefined
      : 'stands for a member of an object (or the whole body): an array item or what $contains looks for is never absent'
  }
  if (name === TYPE_OPERATOR) {
    return VALUE_TYPES.includes(operand as ValueType)
      ? undefined
      : `must be one of ${VALUE_TYPES.map((type) => `"${type}"`).join(', ')}, got ${given(operand)}`
  }
  if (name === LENGTH_OPERATOR || name === MIN_LENGTH_OPERATOR) {
    return Number.isSafeInteger(operand) && (operand as number) >= 0
      ? undefined
      : `must be a whole number of items (0 or more), got ${given(operand)}`
  }
  return undefined
}

/** What is wrong with the operators of an expected body (empty when it is well-formed). */
export function bodyExpectationIssues(
  value: unknown,
  path: (string | number)[] = [],
  issues: ExpectationIssue[] = [],
): ExpectationIssue[] {
  if (value === null || typeof value !== 'object') return issues
  if (Array.isArray(value)) {
    value.forEach((item, i) => void bodyExpectationIssues(item, [...path, i], issues))
    return issues
  }
  const names = Object.keys(value)
  const operator = names.find(isOperator)
  if (operator !== undefined && names.length > 1) {
    issues.push({
      path,
      message: `an operator stands alone in its object: ${quoted(operator)} cannot be given with ${names
        .filter((name) => name !== operator)
        .map(quoted)
        .join(', ')}`,
    })
    return issues
  }
  for (const name of names) {
    const member = (value as Record<string, unknown>)[name]
    if (isOperator(name)) {
      const problem = operandIssue(name, member, path)
      if (problem !== undefined) issues.push({ path: [...path, name], message: problem })
      else if (name === CONTAINS_OPERATOR || name === NOT_OPERATOR)
        bodyExpectationIssues(member, [...path, name], issues)
    } else if (name.startsWith('$')) {
      issues.push({
        path: [...path, name],
        message: `unknown operator; expected bodies know ${OPERATORS.join(', ')} (names starting with $ are kept for them)`,
      })
    } else {
      bodyExpectationIssues(member, [...path, name], issues)
    }
  }
  return issues
}

/** The JSON Schema of an expected body, for editors (the zod schema checks it with `bodyExpectationIssues`). */
export function bodyExpectationJsonSchema(self: string): Record<string, unknown> {
  const ref = { $ref: self }
  const operator = (name: Operator, schema: Record<string, unknown>, description: string) => ({
    type: 'object',
    description,
    properties: { [name]: schema },
    required: [name],
    additionalProperties: false,
  })
  const count = { type: 'integer', minimum: 0 }
  return {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      { type: 'array', items: ref },
      operator(CONTAINS_OPERATOR, ref, 'An array with an item matching this subset.'),
      operator(TYPE_OPERATOR, { enum: [...VALUE_TYPES] }, 'A value of this JSON type.'),
      operator(LENGTH_OPERATOR, count, 'An array of exactly this many items.'),
      operator(MIN_LENGTH_OPERATOR, count, 'An array of at least this many items.'),
      operator(NOT_OPERATOR, ref, 'A value that does not match this expectation (a missing member matches).'),
      operator(
        ABSENT_OPERATOR,
        { const: true },
        'As the value of a member: the member is not there; as the body: the answer has none.',
      ),
      { type: 'object', propertyNames: { not: { pattern: '^\\$' } }, additionalProperties: ref },
    ],
  }
}

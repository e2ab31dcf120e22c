/** zod issues in the simulator's words, bounded, no validator wording: every message about a value is worded here. */
import type { z } from 'zod/mini'
import { knownFields, nearestName } from './unknown-key.ts'

/** A value as a message quotes it: bounded, so a message never echoes a long input whole. */
function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value.length <= 40 ? value : `${value.slice(0, 40)}…`)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return typeof value === 'object' ? 'an object' : typeof value
}

/** The string formats zod checks itself, named as a message says them (with an example). */
const FORMATS: Readonly<Record<string, string>> = {
  uuid: 'a UUID such as 8352e67d-f793-4f8b-9395-3666184dc725',
  email: 'an e-mail address such as name@example.com',
}

const UNITS: Readonly<Record<string, string>> = { string: ' character', array: ' item', set: ' item', file: ' byte' }

/** `n` with the unit of a length (characters, items…), plural unless it is 1; bare for numbers. */
function amount(n: unknown, origin: string): string {
  const unit = UNITS[origin]
  return unit === undefined ? String(n) : `${String(n)}${unit}${Number(n) === 1 ? '' : 's'}`
}

/** `"key"`, and the field it was likely meant to be when `schema` knows one near it. */
function unknownKey(key: string, path: readonly PropertyKey[], schema: z.core.$ZodType | undefined): string {
  const quoted = JSON.stringify(key.slice(0, 40))
  const suggestion = schema === undefined ? undefined : nearestName(key, knownFields(schema, path))
  return suggestion === undefined ? quoted : `${quoted} (did you mean ${JSON.stringify(suggestion)}?)`
}

function expectation(issue: z.core.$ZodIssue, schema: z.core.$ZodType | undefined): string | undefined {
  switch (issue.code) {
    case 'too_small':
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${amount(issue.minimum, issue.origin)}`
    case 'too_big':
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${amount(issue.maximum, issue.origin)}`
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'invalid_format':
      return FORMATS[issue.format] === undefined ? undefined : `must be ${FORMATS[issue.format]}`
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`
    case 'unrecognized_keys':
      return `must not hold ${issue.keys.map((key) => unknownKey(key, issue.path, schema)).join(', ')}`
    default:
      return undefined
  }
}

/** A wrong type named by its type (a string is quoted, bounded): "must be a string, got number". */
function describeType(input: unknown): string {
  return typeof input === 'string'
    ? describe(input)
    : input === null
      ? 'null'
      : Array.isArray(input)
        ? 'array'
        : typeof input
}

/**
 * What is wrong with a value, without the field: "must be at least 0, got -1", "is required". Given
 * the `schema` the issue came from, an unknown field names the known one nearest to it.
 */
export function issueText(issue: z.core.$ZodIssue, schema?: z.core.$ZodType): string {
  const input = (issue as { input?: unknown }).input
  if (input === undefined && issue.code !== 'custom' && issue.code !== 'invalid_union') return 'is required'
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'number' && typeof input === 'number') return `must be a finite number, got ${String(input)}`
    // zod calls a whole number "int"; the number itself says best what was wrong with it.
    if ((issue.expected as string) === 'int')
      return `must be a whole number, got ${typeof input === 'number' ? String(input) : describeType(input)}`
    const expected =
      issue.expected === 'object' ? 'a JSON object' : issue.expected === 'array' ? 'an array' : `a ${issue.expected}`
    return `must be ${expected}, got ${describeType(input)}`
  }
  if (issue.code === 'invalid_union' && !issue.message.startsWith('must '))
    return `must be one of the allowed forms, got ${describe(input)}`
  const message =
    issue.message.startsWith('must ') || issue.message.startsWith('disagrees ')
      ? issue.message
      : (expectation(issue, schema) ?? issue.message)
  if (!message.startsWith('must ') && !message.startsWith('disagrees ')) return message
  return input === undefined || (typeof input === 'object' && input !== null) || /, got /.test(message)
    ? message
    : `${message}, got ${describe(input)}`
}

/**
 * The issues to report for one issue. For a failed union of object forms: the issues of the one form
 * the value chose, when exactly one form failed only on fields the value gave, so the message names
 * the field rather than the forms; one message for a value of the wrong type for every form; else the
 * union's own message.
 */
export function reportedIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue]
  // Not an object at all (an array, a string): every form says so alike; say it once.
  const [first] = issue.errors
  const sameType = (branch: z.core.$ZodIssue[]) =>
    branch.length === 1 &&
    branch[0]!.path.length === 0 &&
    branch[0]!.code === 'invalid_type' &&
    first?.[0]?.code === 'invalid_type' &&
    branch[0]!.expected === first[0].expected
  if (first !== undefined && issue.errors.every(sameType)) return [{ ...first[0]!, path: issue.path }]
  const chosen = issue.errors.filter((branch) =>
    branch.every((inner) => {
      const input = (inner as { input?: unknown }).input
      const missing = input === undefined && inner.code !== 'custom'
      const foreign = inner.code === 'invalid_type' && inner.expected === 'never'
      return !missing && !foreign
    }),
  )
  if (chosen.length !== 1) return [issue]
  return chosen[0]!.flatMap((inner) => reportedIssues({ ...inner, path: [...issue.path, ...inner.path] }))
}

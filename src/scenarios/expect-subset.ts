/**
 * How a replay step's expected body is compared with the response, and the readable diff of what
 * differs. The expectation is a subset: an object matches when every member it lists matches
 * (members it does not list are ignored); an array matches when it has the same length and each
 * item matches in order; the operators of `body-expectation.ts` (`$length`, `$minLength`,
 * `$contains`, `$type`) match by their condition; anything else must be equal. Each mismatch names
 * its path (`body[0].status`) with the expected and the actual value.
 */
import { bodyOperator, CONTAINS_OPERATOR, hasValueType, LENGTH_OPERATOR, TYPE_OPERATOR } from './body-expectation.ts'

export interface Mismatch {
  readonly path: string
  readonly expected: string
  readonly actual: string
}

/** A short JSON rendering for diffs (long values are cut in the middle). */
export function preview(value: unknown, limit = 160): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value)
  return text.length <= limit ? text : `${text.slice(0, limit - 20)}…${text.slice(-15)}`
}

const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`

function kind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `an array of ${value.length}`
  return typeof value === 'object' ? 'an object' : typeof value
}

/** An actual value in a diff: its kind, then the value (null and nothing stand alone). */
function shown(actual: unknown): string {
  return actual === null || actual === undefined ? preview(actual) : `${kind(actual)} ${preview(actual)}`
}

/** How many differences of the nearest item a failed `$contains` shows. */
const NEAREST_SHOWN = 2

/** `{"$contains": subset}`: some item matches; else the nearest item's differences say why none did. */
function compareContains(subset: unknown, actual: unknown, path: string, out: Mismatch[]): void {
  const expected = describeExpected({ [CONTAINS_OPERATOR]: subset })
  if (!Array.isArray(actual)) {
    out.push({ path, expected, actual: shown(actual) })
    return
  }
  let nearest: Mismatch[] | undefined
  for (const [i, item] of actual.entries()) {
    const differences = compareSubset(subset, item, `${path}[${i}]`)
    if (differences.length === 0) return
    if (nearest === undefined || differences.length < nearest.length) nearest = differences
  }
  if (nearest === undefined) {
    out.push({ path, expected, actual: 'an empty array' })
    return
  }
  const nearestText = nearest.slice(0, NEAREST_SHOWN).map(formatMismatch).join('; ')
  const more = nearest.length > NEAREST_SHOWN ? `; and ${nearest.length - NEAREST_SHOWN} more` : ''
  out.push({ path, expected, actual: `${items(actual.length)}, none matching (nearest: ${nearestText}${more})` })
}

/** What an expected value asks for, in words for an operator. */
function describeExpected(expected: unknown): string {
  const operator = bodyOperator(expected)
  if (operator === undefined) return preview(expected)
  if (operator.kind === CONTAINS_OPERATOR) return `an array with an item matching ${preview(operator.subset)}`
  if (operator.kind === TYPE_OPERATOR) return `a value of type ${operator.type}`
  return `an array of ${operator.kind === LENGTH_OPERATOR ? '' : 'at least '}${operator.length}`
}

function compareOperator(
  operator: NonNullable<ReturnType<typeof bodyOperator>>,
  actual: unknown,
  path: string,
  out: Mismatch[],
): void {
  if (operator.kind === CONTAINS_OPERATOR) {
    compareContains(operator.subset, actual, path, out)
  } else if (operator.kind === TYPE_OPERATOR) {
    if (!hasValueType(actual, operator.type))
      out.push({
        path,
        expected: describeExpected({ [TYPE_OPERATOR]: operator.type }),
        actual: shown(actual),
      })
  } else {
    const exact = operator.kind === LENGTH_OPERATOR
    const fits = Array.isArray(actual) && (exact ? actual.length === operator.length : actual.length >= operator.length)
    if (!fits) {
      out.push({
        path,
        expected: `an array of ${exact ? '' : 'at least '}${operator.length}`,
        actual: Array.isArray(actual) ? items(actual.length) : shown(actual),
      })
    }
  }
}

export function compareSubset(expected: unknown, actual: unknown, path: string, out: Mismatch[] = []): Mismatch[] {
  if (expected === null || typeof expected !== 'object') {
    if (!Object.is(expected, actual)) out.push({ path, expected: preview(expected), actual: preview(actual) })
    return out
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push({ path, expected: `an array of ${expected.length}`, actual: shown(actual) })
    } else {
      if (actual.length !== expected.length)
        out.push({ path, expected: `an array of ${expected.length}`, actual: items(actual.length) })
      // The items both have are compared too, so one run shows every difference.
      for (const [i, item] of expected.slice(0, actual.length).entries())
        compareSubset(item, actual[i], `${path}[${i}]`, out)
    }
    return out
  }
  const operator = bodyOperator(expected)
  if (operator !== undefined) {
    compareOperator(operator, actual, path, out)
    return out
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
    out.push({ path, expected: `an object ${preview(expected)}`, actual: shown(actual) })
    return out
  }
  const object = actual as Record<string, unknown>
  for (const [name, value] of Object.entries(expected)) {
    const memberPath = path === '' ? name : `${path}.${name}`
    if (!Object.hasOwn(object, name))
      out.push({ path: memberPath, expected: describeExpected(value), actual: 'nothing (no such member)' })
    else compareSubset(value, object[name], memberPath, out)
  }
  return out
}

export function formatMismatch(mismatch: Mismatch): string {
  return `${mismatch.path}: expected ${mismatch.expected}, got ${mismatch.actual}`
}

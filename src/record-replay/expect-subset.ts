/**
 * How a replay step's expected body is compared with the response (as a subset: docs/scenarios.md),
 * and the readable diff of what differs, each mismatch by its path. `$not` of an array operator still
 * wants an array, so "no item matches" does not pass on an error object or a missing member.
 */
import {
  ABSENT_OPERATOR,
  type BodyOperator,
  bodyOperator,
  CONTAINS_OPERATOR,
  hasValueType,
  LENGTH_OPERATOR,
  MIN_LENGTH_OPERATOR,
  NOT_OPERATOR,
  TYPE_OPERATOR,
} from '../scenarios/body-expectation.ts'

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

const NO_SUCH_MEMBER = 'nothing (no such member)'

/** An actual value in a diff: its kind, then the value (null and nothing stand alone). */
function shown(actual: unknown): string {
  return actual === null || actual === undefined ? preview(actual) : `${kind(actual)} ${preview(actual)}`
}

/** Whether an expected member says something of its absence (`$absent`, `$not`), so a missing one is compared. */
function speaksOfMissing(expected: unknown): boolean {
  const kind = bodyOperator(expected)?.kind
  return kind === ABSENT_OPERATOR || kind === NOT_OPERATOR
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
  switch (operator.kind) {
    case CONTAINS_OPERATOR:
      return `an array with an item matching ${preview(operator.subset)}`
    case TYPE_OPERATOR:
      return `a value of type ${operator.type}`
    case NOT_OPERATOR:
      return describeNegation(operator.expected)
    case ABSENT_OPERATOR:
      return 'nothing'
    default:
      return `an array of ${operator.kind === LENGTH_OPERATOR ? '' : 'at least '}${operator.length}`
  }
}

/** What `{"$not": expected}` asks for, in words. */
function describeNegation(expected: unknown): string {
  const operator = bodyOperator(expected)
  if (operator === undefined)
    return expected !== null && typeof expected === 'object'
      ? `anything not matching ${preview(expected)}`
      : `anything but ${preview(expected)}`
  switch (operator.kind) {
    case CONTAINS_OPERATOR:
      return `an array with no item matching ${preview(operator.subset)}`
    case TYPE_OPERATOR:
      return `a value not of type ${operator.type}`
    case NOT_OPERATOR:
      return describeExpected(operator.expected)
    case ABSENT_OPERATOR:
      return 'the member, of any value'
    default:
      return operator.kind === LENGTH_OPERATOR
        ? `an array of other than ${operator.length}`
        : `an array of fewer than ${operator.length}`
  }
}

/** `{"$not": {"$contains": subset}}`: an array none of whose items match; else the ones that do. */
function compareNoneContained(subset: unknown, actual: unknown, path: string, out: Mismatch[]): void {
  const expected = describeNegation({ [CONTAINS_OPERATOR]: subset })
  if (!Array.isArray(actual)) {
    out.push({ path, expected, actual: shown(actual) })
    return
  }
  const matching = [...actual.entries()].filter(
    ([i, item]) => compareSubset(subset, item, `${path}[${i}]`).length === 0,
  )
  const [first] = matching
  if (first === undefined) return
  const [index, item] = first
  const others = matching.length > 1 ? ` (and ${matching.length - 1} more)` : ''
  out.push({
    path,
    expected,
    actual: `${items(actual.length)}, ${matching.length} matching: ${path}[${index}] ${preview(listedFirst(subset, item))}${others}`,
  })
}

/** An item with the members a subset lists first, so a shortened preview still shows why it matched. */
function listedFirst(subset: unknown, item: unknown): unknown {
  const isPlainObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
  if (!isPlainObject(subset) || !isPlainObject(item) || bodyOperator(subset) !== undefined) return item
  const listed = Object.keys(subset).filter((name) => Object.hasOwn(item, name))
  return Object.fromEntries([
    ...listed.map((name) => [name, item[name]]),
    ...Object.entries(item).filter(([name]) => !listed.includes(name)),
  ])
}

/** `{"$not": expected}`: the value does not match `expected` (see the exception in the header). */
function compareNegation(expected: unknown, actual: unknown, path: string, out: Mismatch[]): void {
  const operator = bodyOperator(expected)
  if (operator?.kind === NOT_OPERATOR) {
    compareSubset(operator.expected, actual, path, out)
    return
  }
  if (operator?.kind === CONTAINS_OPERATOR) {
    compareNoneContained(operator.subset, actual, path, out)
    return
  }
  const arrayOperator = operator?.kind === LENGTH_OPERATOR || operator?.kind === MIN_LENGTH_OPERATOR
  if (arrayOperator && !Array.isArray(actual)) {
    out.push({ path, expected: describeNegation(expected), actual: shown(actual) })
    return
  }
  if (compareSubset(expected, actual, path).length > 0) return
  out.push({
    path,
    expected: describeNegation(expected),
    actual: Array.isArray(actual) && arrayOperator ? items(actual.length) : shown(actual),
  })
}

function compareOperator(operator: BodyOperator, actual: unknown, path: string, out: Mismatch[]): void {
  if (operator.kind === CONTAINS_OPERATOR) {
    compareContains(operator.subset, actual, path, out)
  } else if (operator.kind === NOT_OPERATOR) {
    compareNegation(operator.expected, actual, path, out)
  } else if (operator.kind === ABSENT_OPERATOR) {
    if (actual !== undefined) out.push({ path, expected: 'nothing', actual: shown(actual) })
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
    if (Object.hasOwn(object, name)) compareSubset(value, object[name], memberPath, out)
    else if (speaksOfMissing(value)) {
      // Compared as undefined (JSON has none), which a diff calls "nothing": here, a missing member.
      for (const mismatch of compareSubset(value, undefined, memberPath))
        out.push(mismatch.actual === preview(undefined) ? { ...mismatch, actual: NO_SUCH_MEMBER } : mismatch)
    } else out.push({ path: memberPath, expected: describeExpected(value), actual: NO_SUCH_MEMBER })
  }
  return out
}

export function formatMismatch(mismatch: Mismatch): string {
  return `${mismatch.path}: expected ${mismatch.expected}, got ${mismatch.actual}`
}

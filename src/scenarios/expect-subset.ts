/**
 * How a replay step's expected body is compared with the response, and the readable diff of what
 * differs. The expectation is a subset: an object matches when every member it lists matches
 * (members it does not list are ignored); an array matches when it has the same length and each
 * item matches in order; `{"$length": n}` matches any array of n items and `{"$minLength": n}` any
 * array of at least n; anything else must be equal. Each mismatch names its path (`body[0].status`) with the expected and the actual value.
 */

export interface Mismatch {
  readonly path: string
  readonly expected: string
  readonly actual: string
}

const LENGTH_MATCHER = '$length'
const MIN_LENGTH_MATCHER = '$minLength'

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

/** `{"$length": n}` or `{"$minLength": n}`: the array matchers. */
function lengthMatcher(value: object): { exact: boolean; length: number } | undefined {
  const keys = Object.keys(value)
  const length = (value as Record<string, unknown>)[keys[0] ?? '']
  if (keys.length !== 1 || typeof length !== 'number') return undefined
  if (keys[0] === LENGTH_MATCHER) return { exact: true, length }
  if (keys[0] === MIN_LENGTH_MATCHER) return { exact: false, length }
  return undefined
}

export function compareSubset(expected: unknown, actual: unknown, path: string, out: Mismatch[] = []): Mismatch[] {
  if (expected === null || typeof expected !== 'object') {
    if (!Object.is(expected, actual)) out.push({ path, expected: preview(expected), actual: preview(actual) })
    return out
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push({ path, expected: `an array of ${expected.length}`, actual: `${kind(actual)} ${preview(actual)}` })
    } else {
      if (actual.length !== expected.length)
        out.push({ path, expected: `an array of ${expected.length}`, actual: items(actual.length) })
      // The items both have are compared too, so one run shows every difference.
      for (const [i, item] of expected.slice(0, actual.length).entries())
        compareSubset(item, actual[i], `${path}[${i}]`, out)
    }
    return out
  }
  const matcher = lengthMatcher(expected)
  if (matcher !== undefined) {
    const fits =
      Array.isArray(actual) && (matcher.exact ? actual.length === matcher.length : actual.length >= matcher.length)
    if (!fits) {
      out.push({
        path,
        expected: `an array of ${matcher.exact ? '' : 'at least '}${matcher.length}`,
        actual: Array.isArray(actual) ? items(actual.length) : `${kind(actual)} ${preview(actual)}`,
      })
    }
    return out
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
    out.push({ path, expected: `an object ${preview(expected)}`, actual: `${kind(actual)} ${preview(actual)}` })
    return out
  }
  const object = actual as Record<string, unknown>
  for (const [name, value] of Object.entries(expected)) {
    const memberPath = path === '' ? name : `${path}.${name}`
    if (!Object.hasOwn(object, name))
      out.push({ path: memberPath, expected: preview(value), actual: 'nothing (no such member)' })
    else compareSubset(value, object[name], memberPath, out)
  }
  return out
}

export function formatMismatch(mismatch: Mismatch): string {
  return `${mismatch.path}: expected ${mismatch.expected}, got ${mismatch.actual}`
}

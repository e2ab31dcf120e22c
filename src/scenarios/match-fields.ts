/**
 * Whether a call carries the values a scenario rule's `match` lists, compared as the service compares
 * them: `0x…` hexadecimal values without regard to case, body objects by the members listed.
 */
import type { ScenarioRule } from './rule-schema.ts'

const HEX_VALUE = /^0x[0-9a-f]+$/i

function sameText(expected: string, actual: string): boolean {
  if (expected === actual) return true
  return HEX_VALUE.test(expected) && HEX_VALUE.test(actual) && expected.toLowerCase() === actual.toLowerCase()
}

/** Deep equality where objects in `expected` match when their members match (extra members ignored). */
function matchesSubset(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string') return typeof actual === 'string' && sameText(expected, actual)
  if (expected === null || typeof expected !== 'object') return Object.is(expected, actual)
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => matchesSubset(item, actual[i]))
    )
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false
  const object = actual as Record<string, unknown>
  return Object.entries(expected).every(
    ([name, value]) => Object.hasOwn(object, name) && matchesSubset(value, object[name]),
  )
}

/** What a rule's match is compared with; the body is parsed only when a rule asks for it. */
export interface CallFields {
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The parsed JSON body, or undefined when it is absent or not JSON. */
  body(): Promise<unknown>
}

function matchesWire(
  expected: Readonly<Record<string, string | number | boolean>>,
  actual: (name: string) => string | null | undefined,
): boolean {
  return Object.entries(expected).every(([name, value]) => {
    const got = actual(name)
    return got !== null && got !== undefined && sameText(String(value), got)
  })
}

export async function matchesFields(match: ScenarioRule['match'], call: CallFields): Promise<boolean> {
  if (match === undefined) return true
  if (match.params !== undefined && !matchesWire(match.params, (name) => call.params[name])) return false
  if (match.query !== undefined && !matchesWire(match.query, (name) => call.query.get(name))) return false
  if (match.body !== undefined && !matchesSubset(match.body, await call.body())) return false
  return true
}

/** What a recording reads in its exchanges: JSON bodies, their strings by path, and the generated values in them. */
import { nestedDeeperThan } from '../contract/json-text.ts'

/** Values that are generated, long enough to be unique, and safe to replace wherever they appear. */
const GENERATED_VALUE =
  /0x(?:[0-9a-fA-F]{130}|[0-9a-fA-F]{64}|[0-9a-fA-F]{40})(?![0-9a-fA-F])|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  // Deeply nested JSON stays text: the walks below recurse.
  if (text.trim() === '' || nestedDeeperThan(text)) return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** Calls `visit` for every string in a JSON value with its path (`body.items[0].id`). */
export function walkStrings(value: unknown, path: string, visit: (text: string, path: string) => void): void {
  if (typeof value === 'string') visit(value, path)
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walkStrings(item, `${path}[${i}]`, visit)
  } else if (value !== null && typeof value === 'object') {
    for (const [name, member] of Object.entries(value))
      walkStrings(member, /^[^.[\]]+$/.test(name) ? `${path}.${name}` : path, visit)
  }
}

export function mapStrings(value: unknown, replace: (text: string) => unknown): unknown {
  if (typeof value === 'string') return replace(value)
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, mapStrings(member, replace)]))
  }
  return value
}

export function generatedValuesIn(text: string): string[] {
  return text.match(GENERATED_VALUE) ?? []
}

/** A capture name from the last member name of a path: `body[0].contractAddress` → contractAddress. */
export function nameFromPath(path: string): string {
  const members = path.match(/[A-Za-z_]\w*/g) ?? []
  const last = members[members.length - 1]
  return last === undefined || last === 'body' ? 'value' : last
}

/** A percent-encoded path part decoded, or as it is when it is not valid encoding. */
export function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

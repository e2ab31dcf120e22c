/**
 * Placeholders of replay steps: a step's `capture` names values of its response by path, and later
 * strings use `{{name}}` (a whole-string placeholder keeps the value's JSON type). `{{caller}}` is
 * built in: the wallet derived from the token replay sends, so "the caller" holds for any masked token.
 */
import { callerAddress } from '../domain/caller.ts'

export const REPLAY_TOKEN = 'replay-token'
/** What a recording writes instead of a token; `***2`, `***3` … tell several tokens apart. */
export const TOKEN_MASK = /^Bearer \*\*\*(\d*)$/

/** The token replay sends for a mask suffix ('' for the first token). */
export function replayToken(suffix: string): string {
  return suffix === '' || suffix === '1' ? REPLAY_TOKEN : `${REPLAY_TOKEN}-${suffix}`
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z_]\w*)\s*\}\}$/
const BUILT_IN_CALLER = /^caller(\d*)$/

export class PlaceholderError extends Error {
  /** The unknown placeholder's name, when that is the error. */
  readonly placeholder: string | undefined

  constructor(message: string, placeholder?: string) {
    super(message)
    this.placeholder = placeholder
  }
}

export class Variables {
  private readonly values = new Map<string, unknown>()

  /** @param token the one token every step sends (`replay --token`); default: `replayToken(n)` per mask. */
  constructor(private readonly token?: string) {}

  set(name: string, value: unknown): void {
    this.values.set(name, value)
  }

  /** Whether `name` was captured. */
  has(name: string): boolean {
    return this.values.has(name)
  }

  get(name: string): unknown {
    if (this.values.has(name)) return this.values.get(name)
    const caller = BUILT_IN_CALLER.exec(name)
    if (caller !== null) return callerAddress(this.token ?? replayToken(caller[1]!))
    const known = [...this.values.keys()]
    throw new PlaceholderError(
      `unknown placeholder {{${name}}}; captured so far: ${known.length === 0 ? '(nothing)' : known.join(', ')}`,
      name,
    )
  }

  /** Replaces the placeholders of a string (a whole-string placeholder keeps the value's type). */
  expandString(text: string): unknown {
    const whole = WHOLE_PLACEHOLDER.exec(text)
    if (whole !== null) return this.get(whole[1]!)
    return text.replace(PLACEHOLDER, (_match, name: string) => {
      const value = this.get(name)
      return typeof value === 'string' ? value : JSON.stringify(value)
    })
  }

  /** Expands every string inside a JSON value. */
  expand(value: unknown): unknown {
    if (typeof value === 'string') return this.expandString(value)
    if (Array.isArray(value)) return value.map((item) => this.expand(item))
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, this.expand(member)]))
    }
    return value
  }

  /** Expands to text (paths, query values, headers). */
  expandText(text: string): string {
    const value = this.expandString(text)
    return typeof value === 'string' ? value : JSON.stringify(value)
  }
}

/** Splits `body.items[0].id` into ['body', 'items', 0, 'id']. */
function parseValuePath(path: string): (string | number)[] {
  const parts: (string | number)[] = []
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    parts.push(match[2] !== undefined ? Number(match[2]) : match[1]!)
  return parts
}

/** Reads a path of a response; throws a PlaceholderError naming the first missing part. */
export function readValuePath(root: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = root
  const walked: string[] = []
  for (const part of parseValuePath(path)) {
    const container = current as Record<string | number, unknown> | null
    const present =
      typeof part === 'number'
        ? Array.isArray(container) && part < container.length
        : container !== null &&
          typeof container === 'object' &&
          !Array.isArray(container) &&
          Object.hasOwn(container, part)
    walked.push(typeof part === 'number' ? `[${part}]` : `${walked.length === 0 ? '' : '.'}${part}`)
    if (!present) throw new PlaceholderError(`${walked.join('')} is not in the response`)
    current = container![part]
  }
  return current
}

/**
 * JSON text read alike in every runtime: nesting past MAX_JSON_DEPTH is refused before parsing, so no input can
 * exhaust the stack of code that walks it; a leading byte order mark is dropped, as Fetch's `Request.text()` does.
 */

/** The deepest nesting of objects and arrays the simulator accepts in any JSON it reads. */
export const MAX_JSON_DEPTH = 64

/** Whether `text` nests objects and arrays deeper than `max`: a scan without recursion, strings skipped. */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) {
      inString = true
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) {
      depth--
    }
  }
  return false
}

export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** The UTF-8 length of a string in bytes, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80 || (c >= 0xdc00 && c <= 0xdfff)) continue // ASCII; a low surrogate counts with its high one (4 bytes a pair)
    bytes += c < 0x800 ? 1 : 2
  }
  return bytes
}

/** A JSON text that cannot be read: what `parseJsonText` throws, for each caller to word in its own shape. */
export class JsonTextError extends Error {
  override readonly name = 'JsonTextError'
}

/** Parses JSON text with the simulator's limits; throws JsonTextError saying what is wrong (never the engine's wording). */
export function parseJsonText(text: string): unknown {
  const json = withoutBom(text)
  if (nestedDeeperThan(json)) throw new JsonTextError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`)
  try {
    return JSON.parse(json)
  } catch {
    throw new JsonTextError('not valid JSON')
  }
}

/**
 * A JSON text read in slices, for the real service's answers behind `serve --proxy`. JSON.parse
 * holds the event loop for as long as a text takes, and its time depends on the shape as much as
 * on the size (a few MB of objects with distinct keys take it hundreds of milliseconds), so a
 * forwarded answer is never parsed whole: this reader accepts exactly the texts JSON.parse accepts
 * (within the simulator's nesting limit, a leading byte order mark dropped, as parseJsonText does),
 * builds no values, reports each one to a visitor, and stops when its slice of time is up.
 * `readJsonInSlices` resumes it after the event loop has answered other clients.
 */
import { JsonTextError, MAX_JSON_DEPTH } from '../contract/json-text.ts'

/** How long one slice of reading may hold the event loop, in ms. */
const JSON_SLICE_MS = 8

export type JsonPrimitive = string | number | boolean | null

/** What the reader reports, in the order of the text: a member's name comes just before its value. */
export interface JsonVisitor {
  openObject(): void
  key(name: string): void
  closeObject(): void
  openArray(): void
  closeArray(): void
  primitive(value: JsonPrimitive): void
}

// What the reader expects next.
const VALUE = 0
const VALUE_OR_CLOSE = 1 // just after `[`
const KEY_OR_CLOSE = 2 // just after `{`
const KEY = 3 // after `,` in an object
const COLON = 4
const COMMA_OR_CLOSE = 5 // after a value inside an array or object
const END = 6 // after the top-level value

/** JSON's number grammar (RFC 8259 §6), matched where the reader stands. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
/** The characters of a string up to its next quote, backslash or control character (which JSON forbids raw). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class names the control characters a JSON string may not hold raw
const STRING_RUN = /[^"\\\u0000-\u001f]*/y
/** How many tokens are read between two looks at the clock. */
const TOKENS_PER_CLOCK_CHECK = 512

function notJson(): JsonTextError {
  return new JsonTextError('not valid JSON')
}

export class JsonReader {
  readonly #text: string
  readonly #visitor: JsonVisitor
  readonly #clockEvery: number
  #pos: number
  #state = VALUE
  /** The open containers, innermost last: true for an object. */
  readonly #open: boolean[] = []

  /** @param clockEvery how many tokens are read between two looks at the clock. */
  constructor(text: string, visitor: JsonVisitor, clockEvery = TOKENS_PER_CLOCK_CHECK) {
    this.#text = text
    this.#visitor = visitor
    this.#clockEvery = clockEvery
    this.#pos = text.charCodeAt(0) === 0xfeff ? 1 : 0
  }

  /**
   * Reads on until the text is read (true) or `performance.now()` reaches `deadline` (false: call
   * again to go on). Throws JsonTextError when the text is not JSON (an empty one neither).
   */
  read(deadline: number): boolean {
    const text = this.#text
    for (let tokens = 1; ; tokens++) {
      let pos = this.#pos
      for (let c = text.charCodeAt(pos); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; )
        c = text.charCodeAt(++pos)
      this.#pos = pos
      if (pos >= text.length) {
        if (this.#state === END) return true
        throw notJson()
      }
      this.#token(text.charCodeAt(pos))
      if (tokens % this.#clockEvery === 0 && performance.now() >= deadline) return false
    }
  }

  /** Reads the token that starts with `c`, where the reader stands. */
  #token(c: number): void {
    const state = this.#state
    if (state === VALUE || (state === VALUE_OR_CLOSE && c !== 0x5d)) this.#value(c)
    else if (state === VALUE_OR_CLOSE) this.#close(false)
    else if (state === KEY || (state === KEY_OR_CLOSE && c !== 0x7d)) this.#key(c)
    else if (state === KEY_OR_CLOSE) this.#close(true)
    else if (state === COLON && c === 0x3a) {
      this.#pos++
      this.#state = VALUE
    } else if (state === COMMA_OR_CLOSE) this.#commaOrClose(c)
    else throw notJson() // a misplaced colon, or something after the top-level value
  }

  #commaOrClose(c: number): void {
    const object = this.#open.at(-1)!
    if (c === 0x2c) {
      this.#pos++
      this.#state = object ? KEY : VALUE
    } else if (c === (object ? 0x7d : 0x5d)) this.#close(object)
    else throw notJson()
  }

  #value(c: number): void {
    const visitor = this.#visitor
    if (c === 0x7b || c === 0x5b) {
      const object = c === 0x7b
      if (this.#open.length >= MAX_JSON_DEPTH)
        throw new JsonTextError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`)
      this.#open.push(object)
      this.#pos++
      this.#state = object ? KEY_OR_CLOSE : VALUE_OR_CLOSE
      if (object) visitor.openObject()
      else visitor.openArray()
      return
    }
    if (c === 0x22) visitor.primitive(this.#string())
    else if (c === 0x74) visitor.primitive(this.#literal('true', true))
    else if (c === 0x66) visitor.primitive(this.#literal('false', false))
    else if (c === 0x6e) visitor.primitive(this.#literal('null', null))
    else visitor.primitive(this.#number())
    this.#afterValue()
  }

  #key(c: number): void {
    if (c !== 0x22) throw notJson()
    this.#visitor.key(this.#string())
    this.#state = COLON
  }

  #close(object: boolean): void {
    this.#open.pop()
    this.#pos++
    if (object) this.#visitor.closeObject()
    else this.#visitor.closeArray()
    this.#afterValue()
  }

  #afterValue(): void {
    this.#state = this.#open.length === 0 ? END : COMMA_OR_CLOSE
  }

  /** The string that starts at the reader's quote; escapes are decoded by JSON.parse itself. */
  #string(): string {
    const text = this.#text
    const start = this.#pos
    let end = start + 1
    let escaped = false
    for (;;) {
      if (end > text.length) throw notJson() // a backslash was the text's last character
      STRING_RUN.lastIndex = end
      STRING_RUN.test(text)
      end = STRING_RUN.lastIndex
      const c = text.charCodeAt(end)
      if (c === 0x22) break
      if (c !== 0x5c) throw notJson() // a control character, or the end of the text
      escaped = true
      end += 2 // the escaped character cannot end the string; `\u` digits are read as a run
    }
    this.#pos = end + 1
    if (!escaped) return text.slice(start + 1, end)
    try {
      return JSON.parse(text.slice(start, end + 1)) as string
    } catch {
      throw notJson()
    }
  }

  #literal<T extends JsonPrimitive>(word: string, value: T): T {
    if (!this.#text.startsWith(word, this.#pos)) throw notJson()
    this.#pos += word.length
    return value
  }

  #number(): number {
    NUMBER.lastIndex = this.#pos
    const match = NUMBER.exec(this.#text)
    if (match === null) throw notJson()
    this.#pos = NUMBER.lastIndex
    return Number(match[0])
  }
}

/** Reads `text` to its end, `sliceMs` at a time, letting the event loop run between slices. */
export async function readJsonInSlices(text: string, visitor: JsonVisitor, sliceMs = JSON_SLICE_MS): Promise<void> {
  const reader = new JsonReader(text, visitor)
  while (!reader.read(performance.now() + sliceMs)) await new Promise<void>((resolve) => setImmediate(resolve))
}

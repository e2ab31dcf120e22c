/**
 * The sliced JSON reader behind the proxy's drift check (src/proxy/json-reader.ts) against its
 * model, JSON.parse: on generated JSON texts and on texts broken one character at a time, it
 * accepts exactly what JSON.parse accepts and reports the same value, however the reading is cut
 * into slices; and it refuses what the simulator's own JSON reading refuses (nesting past the limit).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { JsonTextError, MAX_JSON_DEPTH, parseJsonText } from '../../src/contract/json-text.ts'
import { type JsonPrimitive, JsonReader, type JsonVisitor, readJsonInSlices } from '../../src/proxy/json-reader.ts'
import { propertyRuns } from '../support/property-runs.ts'

/** Builds the value the reader reports, as JSON.parse builds it (a repeated name: the last value, the first place). */
class Builder implements JsonVisitor {
  readonly #open: (unknown[] | Record<string, unknown>)[] = []
  readonly #names: string[] = []
  value: unknown

  #add(value: unknown): void {
    const container = this.#open.at(-1)
    if (container === undefined) this.value = value
    else if (Array.isArray(container)) container.push(value)
    else
      Object.defineProperty(container, this.#names.pop()!, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
  }
  openObject(): void {
    const object = {}
    this.#add(object)
    this.#open.push(object)
  }
  openArray(): void {
    const array: unknown[] = []
    this.#add(array)
    this.#open.push(array)
  }
  key(name: string): void {
    this.#names.push(name)
  }
  closeObject(): void {
    this.#open.pop()
  }
  closeArray(): void {
    this.#open.pop()
  }
  primitive(value: JsonPrimitive): void {
    this.#add(value)
  }
}

/** What the reader makes of `text`: in one slice, or (`sliced`) in slices of one token each. */
function read(text: string, sliced: boolean): { value: unknown } | { error: string } {
  const builder = new Builder()
  const reader = new JsonReader(text, builder, 1)
  try {
    for (let slices = 0; !reader.read(sliced ? 0 : Number.POSITIVE_INFINITY); slices++)
      if (slices > text.length) throw new Error('the reader made no progress')
    return { value: builder.value }
  } catch (error) {
    if (!(error instanceof JsonTextError)) throw error
    return { error: error.message }
  }
}

/** What the simulator's own reading makes of `text` (parseJsonText: JSON.parse, a BOM dropped, a depth limit). */
function model(text: string): { value: unknown } | { error: string } {
  try {
    return { value: parseJsonText(text) }
  } catch (error) {
    if (!(error instanceof JsonTextError)) throw error
    return { error: error.message }
  }
}

/** JSON-significant characters, to break a text where it matters. */
const BREAKERS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  ',',
  ':',
  ' ',
  '\n',
  '-',
  '0',
  '1',
  '.',
  'e',
  'E',
  '+',
  't',
  'n',
  'u',
  '\u0000',
  '\u2028',
  '\uD800',
  '\uFEFF',
]

const jsonText = fc.oneof(
  fc.json({ maxDepth: 6 }),
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value, null, 2)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => `\uFEFF ${JSON.stringify(value)}\r\n`),
)

/** A text broken by a few edits: characters inserted, removed or replaced. */
const brokenText = fc
  .tuple(
    jsonText,
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('insert', 'remove', 'replace'), fc.constantFrom(...BREAKERS)), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([text, edits]) =>
    edits.reduce((broken, [at, edit, character]) => {
      const i = broken.length === 0 ? 0 : at % broken.length
      if (edit === 'insert') return broken.slice(0, i) + character + broken.slice(i)
      if (edit === 'remove') return broken.slice(0, i) + broken.slice(i + 1)
      return broken.slice(0, i) + character + broken.slice(i + 1)
    }, text),
  )

describe('the sliced JSON reader', () => {
  it('reads every JSON text as JSON.parse does, in one slice or many', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const expected = model(text)
        expect(read(text, false)).toStrictEqual(expected)
        expect(read(text, true)).toStrictEqual(expected)
      }),
      { seed: 3101, numRuns: propertyRuns(2_000, 200) },
    )
  })

  it('accepts a broken text exactly when JSON.parse does, with the same value', () => {
    fc.assert(
      fc.property(brokenText, (text) => {
        const expected = model(text)
        const outcome = read(text, true)
        if ('error' in expected) expect(outcome).toHaveProperty('error')
        else expect(outcome).toStrictEqual(expected)
      }),
      { seed: 3102, numRuns: propertyRuns(5_000, 500) },
    )
  })

  it('refuses what JSON.parse refuses at the edges: empty, trailing, numbers, escapes, control characters', () => {
    for (const text of [
      '',
      '   ',
      '{}x',
      '01',
      '1.',
      '-',
      '+1',
      '.5',
      '1e',
      '"\\x"',
      '"\\u12"',
      '"a\u0001"',
      '[1,]',
      '{"a":1,}',
      "{'a':1}",
      'tru',
      'nul',
      'NaN',
      '"\\',
    ])
      expect(read(text, false), JSON.stringify(text)).toEqual({ error: 'not valid JSON' })
    for (const text of ['-0', '1E+2', '"\\ud800"', '"\u2028"', ' [ ] ', '{"__proto__":1}', '{"a":1,"a":2}'])
      expect(read(text, false), text).toStrictEqual(model(text))
  })

  it(`refuses nesting past ${MAX_JSON_DEPTH} levels, as the simulator's JSON reading does`, () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    expect(read(nested(MAX_JSON_DEPTH), false)).toStrictEqual(model(nested(MAX_JSON_DEPTH)))
    expect(read(nested(MAX_JSON_DEPTH + 1), false)).toEqual({
      error: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    })
    expect(model(nested(MAX_JSON_DEPTH + 1))).toEqual({ error: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` })
  })

  it('lets the event loop run between slices', async () => {
    const text = JSON.stringify(Array.from({ length: 5_000 }, (_, i) => ({ [`key${i}`]: i })))
    let turns = 0
    const ticking = setInterval(() => turns++, 0)
    try {
      const builder = new Builder()
      await readJsonInSlices(text, builder, 0) // a slice of no time: the clock is looked at every few hundred tokens
      expect(builder.value).toStrictEqual(JSON.parse(text))
    } finally {
      clearInterval(ticking)
    }
    expect(turns).toBeGreaterThan(0)
  })
})

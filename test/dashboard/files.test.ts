/** The texts the journal's exchange view shows: a body indented for reading (cut ones too) and the request as curl. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asCurl, pretty, scenarioNameOfFile } from '../../src/dashboard/page/files.ts'

/** How the journal cuts a long body (src/observability/journal.ts keeps its first 4096 characters). */
const cut = (text: string, keep = 4096) => `${text.slice(0, keep)}…[${text.length - keep} more]`

/** An object or an array: what a JSON body the tokenizer indents starts with. */
const jsonContainer = () => fc.jsonValue().filter((value) => typeof value === 'object' && value !== null)

describe('pretty', () => {
  it('indents JSON, and shows anything else as it is', () => {
    expect(pretty('{"a":[1,{"b":"c"}],"d":{}}')).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": "c"\n    }\n  ],\n  "d": {}\n}',
    )
    expect(pretty('not json, {really}')).toBe('not json, {really}')
    expect(pretty(null)).toBe('(none)')
    expect(pretty('')).toBe('(none)')
  })

  it('indents a body the journal cut, which JSON.parse refuses, and keeps the cut mark on its own line', () => {
    const tokens = Array.from({ length: 80 }, (_, i) => ({ contractAddress: `0x${String(i).padStart(40, '0')}`, n: i }))
    const text = JSON.stringify(tokens)
    expect(text.length).toBeGreaterThan(4096)
    const shown = pretty(cut(text))
    expect(shown).toContain(
      '[\n  {\n    "contractAddress": "0x0000000000000000000000000000000000000000",\n    "n": 0\n  },',
    )
    expect(shown).toMatch(/\n…\[\d+ more\]$/)
    expect(shown.split('\n').every((line) => line.length < 80)).toBe(true)
  })

  it('leaves brackets, commas, colons, quotes and escapes inside strings alone', () => {
    const text = JSON.stringify({ 'a:b': 'x, [y] {z} \\" "q"', e: '\\' })
    expect(pretty(`${text.slice(0, -1)}…[1 more]`)).toBe(
      `{\n  "a:b": "x, [y] {z} \\\\\\" \\"q\\"",\n  "e": "\\\\"\n…[1 more]`,
    )
  })

  it('indents any JSON as JSON.stringify(value, null, 2) does, even when it cannot parse it', () => {
    fc.assert(
      fc.property(jsonContainer(), (value) => {
        const text = JSON.stringify(value)
        // The cut mark makes the text unparsable, so the tokenizer indents it.
        expect(pretty(`${text}…[3 more]`)).toBe(`${JSON.stringify(value, null, 2)}\n…[3 more]`)
      }),
    )
  })

  it('indents a cut body as the start of the whole body indented', () => {
    fc.assert(
      fc.property(jsonContainer(), fc.double({ min: 0, max: 1, noNaN: true }), (value, at) => {
        const text = JSON.stringify(value)
        const keep = Math.floor(at * text.length)
        // Cut right after an opening bracket, the tokenizer cannot know whether it was empty.
        fc.pre(!/[[{]$/.test(text.slice(0, keep)) && keep > 0)
        const whole = JSON.stringify(value, null, 2)
        const shown = pretty(cut(text, keep)).replace(/\n…\[\d+ more\]$/, '')
        expect(whole.startsWith(shown.trimEnd())).toBe(true)
      }),
    )
  })
})

describe('asCurl', () => {
  it('sends a GET with its query and headers', () => {
    expect(
      asCurl('http://127.0.0.1:4010', {
        method: 'GET',
        path: '/securityToken',
        query: 'a=1&b=2',
        requestHeaders: { authorization: 'Bearer t' },
        requestBody: null,
      }),
    ).toBe(`curl 'http://127.0.0.1:4010/securityToken?a=1&b=2' -H 'authorization: Bearer t'`)
  })

  // Issue 31, finding 9: the journal keeps no credential, so the command sends $TOKEN in its place.
  it('sends $TOKEN (replay-token when unset) for a masked Authorization, in double quotes for the shell', () => {
    const curl = (authorization: string) =>
      asCurl('http://h', {
        method: 'GET',
        path: '/x',
        query: '',
        requestHeaders: { authorization },
        requestBody: null,
      })
    expect(curl('Bearer ***3')).toBe(`curl 'http://h/x' -H "authorization: Bearer \${TOKEN:-replay-token}"`)
    expect(curl('Basic ***?')).toBe(`curl 'http://h/x' -H "authorization: Basic \${TOKEN:-replay-token}"`)
    expect(curl('***12')).toBe(`curl 'http://h/x' -H "authorization: \${TOKEN:-replay-token}"`)
    // A wallet-address token is shown as sent, and sent so.
    const wallet = `Bearer 0x${'a'.repeat(40)}`
    expect(curl(wallet)).toBe(`curl 'http://h/x' -H 'authorization: ${wallet}'`)
  })

  it('names another method and quotes a body with single quotes for a POSIX shell', () => {
    expect(
      asCurl('http://localhost:4010', {
        method: 'POST',
        path: '/investor',
        query: '',
        requestHeaders: { 'content-type': 'application/json' },
        requestBody: `{"name":"O'Brien"}`,
      }),
    ).toBe(
      `curl -X POST 'http://localhost:4010/investor' -H 'content-type: application/json' --data-raw '{"name":"O'\\''Brien"}'`,
    )
  })

  it('sends no --data-raw for an empty body', () => {
    expect(asCurl('http://h', { method: 'DELETE', path: '/x', query: '', requestHeaders: {}, requestBody: '' })).toBe(
      `curl -X DELETE 'http://h/x'`,
    )
  })

  // Issue 20, finding 11: paths with spaces or quotes broke the command, and an ESC in a body was copied raw.
  it('percent-encodes what a URL may not hold, and turns curl globbing and dot folding off when needed', () => {
    const get = (path: string, query = '') =>
      asCurl('http://h', { method: 'GET', path, query, requestHeaders: {}, requestBody: null })
    expect(get('/debtToken/a b"c')).toBe(`curl 'http://h/debtToken/a%20b%22c'`)
    expect(get("/x/O'Brien")).toBe(`curl 'http://h/x/O'\\''Brien'`)
    expect(get('/x/ä')).toBe(`curl 'http://h/x/%C3%A4'`)
    expect(get('/x/%20')).toBe(`curl 'http://h/x/%20'`)
    expect(get('/x', 'a[0]=1')).toBe(`curl --globoff 'http://h/x?a[0]=1'`)
    expect(get('/x/../__sim/reset')).toBe(`curl --path-as-is 'http://h/x/../__sim/reset'`)
  })

  it('writes control characters as escapes in ANSI-C quotes, never raw', () => {
    const command = asCurl('http://h', {
      method: 'POST',
      path: '/x',
      query: '',
      requestHeaders: {},
      requestBody: '{"a":"\u001b[2J\u009b\'\\"}',
    })
    expect(command).toBe(`curl -X POST 'http://h/x' --data-raw $'{"a":"\\x1b[2J\\u009b\\'\\\\"}'`)
    expect(command).not.toMatch(/\p{Cc}/u)
  })
})

describe('scenarioNameOfFile', () => {
  it('keeps letters with accents as their base letter and follows the scenario name rule', () => {
    expect(scenarioNameOfFile('Ärger.json')).toBe('Arger')
    expect(scenarioNameOfFile('São Paulo – smoke.JSON')).toBe('Sao-Paulo-smoke')
    expect(scenarioNameOfFile('-_.json')).toBe('uploaded')
    expect(scenarioNameOfFile('名前.json')).toBe('uploaded')
    expect(scenarioNameOfFile(`${'a'.repeat(80)}.json`)).toHaveLength(64)
  })
})

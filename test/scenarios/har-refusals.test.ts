/**
 * HAR in, bad files: each is refused with a message naming the file and, for a field, the entry
 * and the field's path (`log.entries[3].request.url: not a URL`), and nothing is written (no
 * scenario file, no world directory). A file over the documented size limit is refused by its size,
 * before it is read. A property: random mutations of a valid HAR either convert or are refused
 * with such a message, never anything else.
 */
import { readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HAR_SIZE_LIMIT_BYTES, HarError, parseHar } from '../../src/record-replay/har-file.ts'
import { importHarFile } from '../../src/record-replay/har-import.ts'
import { harToScenario } from '../../src/record-replay/har-to-scenario.ts'
import { harWorld } from '../../src/record-replay/har-world.ts'
import { parseScenario } from '../../src/scenarios/scenario-schema.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const valid = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/har/chromium-devtools.har'), 'utf8'))

/** A valid HAR with one change made by `change`. */
function changed(change: (har: any) => void): string {
  const har = structuredClone(valid)
  change(har)
  return JSON.stringify(har)
}

/** Writes `text` as a HAR, converts it with --out and --world, and returns the refusal; checks nothing was written. */
function refusal(text: string): string {
  const dir = temporaryDirectory('dts-har-bad-')
  const har = join(dir, 'bad.har')
  writeFileSync(har, text)
  let message: string | undefined
  try {
    importHarFile({ har, out: join(dir, 'bad.scenario.json'), world: join(dir, 'world') })
  } catch (error) {
    expect(error).toBeInstanceOf(HarError)
    message = (error as Error).message
  }
  expect(readdirSync(dir)).toEqual(['bad.har'])
  expect(message, 'refused').toBeDefined()
  return message!.slice(`${har}: `.length)
}

describe('a HAR file that cannot be converted', () => {
  it('is refused with the file and the field, and nothing is written', () => {
    expect(refusal('{"log": ')).toMatch(/^not JSON \(/)
    expect(refusal('[1, 2]')).toBe(
      'not a HAR file: JSON without a "log" object (save it from the Network panel as HAR)',
    )
    expect(refusal('{"log": {"version": "1.2"}}')).toBe('log.entries: is required')
    expect(refusal(changed((har) => (har.log.version = '3.0')))).toBe(
      'log.version: not a HAR version this reads (1.1 or 1.2)',
    )
    expect(refusal(changed((har) => (har.log.entries[3].request.url = '/manager')))).toBe(
      'log.entries[3].request.url: not a URL',
    )
    expect(refusal(changed((har) => delete har.log.entries[4].response))).toBe('log.entries[4].response: is required')
    expect(refusal(changed((har) => delete har.log.entries[5].response.content))).toBe(
      'log.entries[5].response.content: is required',
    )
    expect(refusal(changed((har) => (har.log.entries[6].request.headers = {})))).toMatch(
      /^log\.entries\[6\]\.request\.headers: /,
    )
    expect(refusal(changed((har) => (har.log.entries[2].response.status = '200')))).toMatch(
      /^log\.entries\[2\]\.response\.status: /,
    )
  })

  it(`is refused by its size alone over ${HAR_SIZE_LIMIT_BYTES / 1024 / 1024} MB, before it is read`, () => {
    const dir = temporaryDirectory('dts-har-big-')
    const har = join(dir, 'big.har')
    writeFileSync(har, '')
    truncateSync(har, HAR_SIZE_LIMIT_BYTES + 1) // sparse: nothing to read, which a read would show as not JSON
    expect(() => importHarFile({ har, out: join(dir, 'big.json'), world: join(dir, 'world') })).toThrow(
      `${har}: ${HAR_SIZE_LIMIT_BYTES + 1} bytes, over the 50 MB a HAR file may have`,
    )
    expect(readdirSync(dir)).toEqual(['big.har'])
  })

  it('refuses a world directory that is not empty, before writing anything', () => {
    const dir = temporaryDirectory('dts-har-world-')
    writeFileSync(join(dir, 'users.json'), '[]')
    const out = join(dir, 'out.json')
    expect(() =>
      importHarFile({ har: join(import.meta.dirname, '../fixtures/har/charles.har'), out, world: dir }),
    ).toThrow(`${dir}: is not empty; name a new or empty directory for --world`)
    expect(readdirSync(dir)).toEqual(['users.json'])
  })

  it('leaves out an entry whose base64 body is not base64 or not UTF-8 text, counted', () => {
    const har = parseHar(
      changed((har) => {
        har.log.entries[6].response.content.text = '!!not base64!!'
        har.log.entries[4].response.content = { mimeType: 'application/json', text: '/w==', encoding: 'base64' }
      }),
      'x.har',
    )
    expect(harToScenario(har, 'x.har').leftOut.get('undecodable')).toBe(2)
  })
})

/** A JSON value to put somewhere: what a broken exporter or a hand edit leaves. */
const junk = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer({ min: -2, max: 1000 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('base64', 'GET', 'POST', 'OPTIONS', 'ftp://x', 'http://h/manager', '/securityToken', '1.1', '1.2'),
  fc.constantFrom(
    'http://h/securityToken?at=%zz',
    'http://h/users/%E0%A4%A',
    'https://h/manager/',
    '{"id": 1}',
    '[{}]',
  ),
  fc.constant([]),
  fc.constant({}),
)

/** Every path to a value inside `value`, as keys. */
function pathsIn(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix]
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)
  return [prefix, ...keys.flatMap((key) => pathsIn((value as Record<string, unknown>)[key as never], [...prefix, key]))]
}

const allPaths = pathsIn(valid).filter((path) => path.length > 0)

/** The fields the conversion reads, of every entry: where a mutation is most likely to find a crash. */
const readPaths = valid.log.entries.flatMap((_: unknown, i: number) =>
  [
    ['request', 'url'],
    ['request', 'method'],
    ['request', 'postData'],
    ['request', 'postData', 'text'],
    ['request', 'bodySize'],
    ['response', 'status'],
    ['response', 'content', 'text'],
    ['response', 'content', 'encoding'],
    ['response', 'content', '_file'],
  ].map((tail) => ['log', 'entries', i, ...tail]),
)

describe('a mutated HAR', () => {
  it('converts (into a valid scenario and world) or is refused naming the field; never anything else', () => {
    const mutation = fc.array(
      fc.record({
        path: fc.oneof(fc.constantFrom(...allPaths), fc.constantFrom(...readPaths)),
        value: junk,
        remove: fc.boolean(),
      }),
      {
        minLength: 1,
        maxLength: 4,
      },
    )
    fc.assert(
      fc.property(mutation, (changes) => {
        const text = changed((har) => {
          for (const { path, value, remove } of changes) {
            let parent = har
            for (const key of path.slice(0, -1)) {
              if (parent === null || typeof parent !== 'object') return
              parent = parent[key]
            }
            if (parent === null || typeof parent !== 'object') continue
            if (remove) delete parent[path.at(-1)!]
            else parent[path.at(-1)!] = value
          }
        })
        let har: ReturnType<typeof parseHar>
        try {
          har = parseHar(text, 'm.har')
        } catch (error) {
          expect(error).toBeInstanceOf(HarError)
          expect((error as Error).message).toMatch(/^m\.har: (log(\.\w+|\[\d+\])*: \S|not a HAR file)/)
          return
        }
        const { scenario, exchanges } = harToScenario(har, 'm.har')
        parseScenario(scenario, 'm.scenario.json')
        harWorld(exchanges)
      }),
      { numRuns: propertyRuns(500, 60), seed: 34 },
    )
  })
})

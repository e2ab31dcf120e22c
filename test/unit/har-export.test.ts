/**
 * The journal as a HAR 1.2 file (src/record-replay/har-export.ts): over random journals (methods, paths,
 * queries, statuses, bodies short, long and cut, credentials of every shape) the document validates
 * against HAR 1.2's required fields, its times add up, a cut body is left out with a comment rather
 * than written broken, and no credential a request carried appears anywhere in the file.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import packageJson from '../../package.json' with { type: 'json' }
import type { OperationId } from '../../src/contract/operations.ts'
import { isCutBody, Journal, type JournalInput } from '../../src/observability/journal.ts'
import { journalToHar } from '../../src/record-replay/har-export.ts'
import { propertyRuns } from '../support/property-runs.ts'

const nameValue = z.strictObject({ name: z.string(), value: z.string() })
const optionalTiming = z.optional(z.number().check(z.gte(-1)))
/** HAR 1.2's required fields (and the optional ones whose shape the spec fixes), as the spec writes them. */
const Har12 = z.object({
  log: z.object({
    version: z.literal('1.2'),
    creator: z.object({ name: z.string(), version: z.string() }),
    pages: z.optional(z.array(z.unknown())),
    entries: z.array(
      z.object({
        pageref: z.optional(z.string()),
        startedDateTime: z.iso.datetime({ offset: true }),
        time: z.number().check(z.gte(0)),
        request: z.object({
          method: z.string().check(z.minLength(1)),
          url: z.url(),
          httpVersion: z.string(),
          cookies: z.array(nameValue),
          headers: z.array(nameValue),
          queryString: z.array(nameValue),
          postData: z.optional(
            z.object({
              mimeType: z.string(),
              text: z.optional(z.string()),
              params: z.optional(z.array(z.object({ name: z.string() }))),
              comment: z.optional(z.string()),
            }),
          ),
          headersSize: z.number().check(z.int(), z.gte(-1)),
          bodySize: z.number().check(z.int(), z.gte(-1)),
        }),
        response: z.object({
          status: z.number().check(z.int(), z.gte(0)),
          statusText: z.string(),
          httpVersion: z.string(),
          cookies: z.array(nameValue),
          headers: z.array(nameValue),
          content: z.object({
            size: z.number().check(z.int(), z.gte(-1)),
            compression: z.optional(z.number()),
            mimeType: z.string(),
            text: z.optional(z.string()),
            encoding: z.optional(z.string()),
            comment: z.optional(z.string()),
          }),
          redirectURL: z.string(),
          headersSize: z.number().check(z.int(), z.gte(-1)),
          bodySize: z.number().check(z.int(), z.gte(-1)),
        }),
        cache: z.object({}),
        timings: z.object({
          blocked: optionalTiming,
          dns: optionalTiming,
          connect: optionalTiming,
          send: z.number().check(z.gte(0)),
          wait: z.number().check(z.gte(0)),
          receive: z.number().check(z.gte(0)),
          ssl: optionalTiming,
        }),
      }),
    ),
  }),
})

/** A secret unlike anything else the journal holds, so finding it in the file can only mean a leak. */
const secret = fc.stringMatching(/^[0-9a-f]{24}$/).map((hex) => `sk_${hex}`)
const authorization = fc.oneof(
  secret.map((token) => ({ header: `Bearer ${token}`, token })),
  secret.map((token) => ({ header: `Basic ${token}`, token })),
  secret.map((token) => ({ header: token, token })),
  secret.map((token) => ({ header: `  bearer   ${token} `, token })),
)
const body = fc.oneof(
  fc.constant(null),
  fc.json(),
  fc.string({ maxLength: 200, unit: 'grapheme' }),
  fc.string({ minLength: 4097, maxLength: 9000 }),
  fc.array(fc.json(), { minLength: 300, maxLength: 400 }).map((items) => JSON.stringify(items)),
)
const exchange = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  path: fc.webPath().map((path) => (path.startsWith('/') ? path : `/${path}`)),
  query: fc.webQueryParameters(),
  status: fc.constantFrom(0, 200, 201, 204, 400, 401, 404, 409, 418, 422, 500, 503, 599),
  durationMs: fc.double({ min: 0, max: 60_000, noNaN: true }).map((ms) => Math.round(ms * 100) / 100),
  session: fc.option(fc.stringMatching(/^[a-z0-9-]{1,16}$/)),
  credentials: fc.option(authorization),
  cookie: fc.option(secret),
  setCookie: fc.option(secret),
  proxyAuthorization: fc.option(secret),
  requestBody: body,
  responseBody: body,
})

type Drawn = {
  method: string
  path: string
  query: string
  status: number
  durationMs: number
  session: string | null
  credentials: { header: string; token: string } | null
  cookie: string | null
  setCookie: string | null
  proxyAuthorization: string | null
  requestBody: string | null
  responseBody: string | null
}

function recorded(exchanges: readonly Drawn[]): Journal {
  const journal = new Journal(50)
  for (const drawn of exchanges) journal.record(journalInput(drawn))
  return journal
}

function journalInput(drawn: Drawn): JournalInput {
  const requestHeaders: Record<string, string> = { 'content-type': 'application/json' }
  if (drawn.credentials !== null) requestHeaders.authorization = drawn.credentials.header
  if (drawn.cookie !== null) requestHeaders.cookie = `sid=${drawn.cookie}`
  if (drawn.proxyAuthorization !== null) requestHeaders['proxy-authorization'] = `Basic ${drawn.proxyAuthorization}`
  const responseHeaders: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }
  if (drawn.setCookie !== null) responseHeaders['Set-Cookie'] = `sid=${drawn.setCookie}; HttpOnly`
  return {
    atMs: Date.parse('2026-03-01T10:00:00.000Z'),
    method: drawn.method,
    path: drawn.path,
    query: drawn.query,
    operation: (drawn.status === 404 ? null : 'listSecurityTokens') as OperationId | null,
    status: drawn.status,
    durationMs: drawn.durationMs,
    scenario: null,
    session: drawn.session,
    caller: null,
    requestHeaders,
    responseHeaders,
    requestBody: drawn.requestBody,
    responseBody: drawn.responseBody,
  }
}

function secretsOf(drawn: Drawn): string[] {
  return [drawn.credentials?.token, drawn.cookie, drawn.setCookie, drawn.proxyAuthorization].filter(
    (value): value is string => value != null,
  )
}

describe('the journal as HAR 1.2', () => {
  it('validates against HAR 1.2 for any journal, with its times adding up, cut bodies left out and no credential in it', () => {
    fc.assert(
      fc.property(fc.array(exchange, { maxLength: 12 }), (exchanges) => {
        const journal = recorded(exchanges)
        const entries = journal.list()
        const har = journalToHar(entries, { baseUrl: 'http://127.0.0.1:4010/' })
        const text = JSON.stringify(har)
        const parsed = Har12.parse(JSON.parse(text))
        expect(parsed.log.creator).toEqual({ name: 'debt-token-simulator', version: packageJson.version })
        expect(parsed.log.entries).toHaveLength(exchanges.length)
        for (const secretValue of exchanges.flatMap(secretsOf)) expect(text).not.toContain(secretValue)
        parsed.log.entries.forEach((harEntry, index) => {
          const entry = entries[index]!
          const { timings } = harEntry
          const spent = Object.values(timings).filter((ms): ms is number => ms !== undefined && ms !== -1)
          expect(harEntry.time).toBeCloseTo(
            spent.reduce((sum, ms) => sum + ms, 0),
            6,
          )
          expect(harEntry.startedDateTime).toBe(entry.at)
          expect(new URL(harEntry.request.url).pathname).toBe(new URL(`http://x${entry.path}`).pathname)
          expect(harEntry.response.status).toBe(entry.status)
          const authorization = harEntry.request.headers.find((header) => header.name === 'authorization')
          if (authorization !== undefined) expect(authorization.value).toMatch(/^(?:\S+ )?\*\*\*\d+$/)
          if (entry.responseBody === null) expect(harEntry.response.content.text).toBeUndefined()
          else if (isCutBody(entry.responseBody)) {
            expect(harEntry.response.content.text).toBeUndefined()
            expect(harEntry.response.content.comment).toMatch(/left out/)
          } else expect(harEntry.response.content.text).toBe(entry.responseBody)
          const posted = harEntry.request.postData
          if (entry.requestBody === null || entry.requestBody === '') expect(posted).toBeUndefined()
          else if (isCutBody(entry.requestBody)) expect(posted?.text).toBeUndefined()
          else expect(posted?.text).toBe(entry.requestBody)
        })
      }),
      { numRuns: propertyRuns(200, 10), seed: 34 },
    )
  })

  it('writes each masked credential as the journal numbered it, and masks cookies and proxy credentials', () => {
    const journal = new Journal(5)
    const drawn = {
      method: 'POST',
      path: '/manager',
      query: 'a=1&b=two%20words',
      status: 201,
      durationMs: 3.5,
      session: 'qa-1',
      credentials: { header: 'Bearer sk_0123456789abcdef01234567', token: 'sk_0123456789abcdef01234567' },
      cookie: 'sk_cookie',
      setCookie: 'sk_set_cookie',
      proxyAuthorization: 'sk_proxy',
      requestBody: '{"amount":1}',
      responseBody: '{"id":"1"}',
    }
    journal.record(journalInput(drawn))
    const [entry] = journalToHar(journal.list(), { baseUrl: 'https://api.example.test' }).log.entries
    expect(entry!.request.url).toBe('https://api.example.test/manager?a=1&b=two%20words')
    expect(entry!.request.queryString).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: 'two words' },
    ])
    expect(entry!.request.headers).toEqual([
      { name: 'content-type', value: 'application/json' },
      { name: 'authorization', value: 'Bearer ***1' },
      { name: 'cookie', value: '***' },
      { name: 'proxy-authorization', value: 'Basic ***' },
    ])
    expect(entry!.response.headers).toContainEqual({ name: 'Set-Cookie', value: '***' })
    expect(entry!.request.postData).toEqual({ mimeType: 'application/json', text: '{"amount":1}' })
    expect(entry!.response).toMatchObject({ status: 201, statusText: 'Created', bodySize: 10 })
    expect(entry!.timings).toMatchObject({ send: 0, wait: 3.5, receive: 0 })
    expect(entry).toMatchObject({ time: 3.5, _session: 'qa-1', _seq: 1 })
  })
})

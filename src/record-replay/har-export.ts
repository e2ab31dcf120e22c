/**
 * The journal as a HAR 1.2 file, for devtools' Network panel and Playwright's `routeFromHAR`
 * (docs/har-export.md). Credentials are the journal's, masked as they arrived (decision 0012); other
 * secret headers are masked here. A body the journal cut is left out with a comment rather than
 * written broken. Loaded on demand: no first answer needs it.
 */
import packageJson from '../../package.json' with { type: 'json' }
import type { SimHar as Har, SimHarEntry as HarEntry } from '../contract/plain-types.ts'
import { maskedAuthorization } from '../domain/credentials.ts'
import { isCutBody, type JournalEntry } from '../observability/journal.ts'
import { statusPhrase } from '../scenarios/status-phrases.ts'

type HarNameValue = HarEntry['request']['queryString'][number]

/** What the HAR's URLs start with: the origin the requests were sent to. */
export interface JournalToHarOptions {
  /** An absolute URL (`http://127.0.0.1:4010`); a path of its own is kept before each request's. */
  readonly baseUrl: string
}

const CREATOR = { name: 'debt-token-simulator', version: packageJson.version } as const
const HTTP_VERSION = 'HTTP/1.1'

/** Headers whose whole value is a credential, shown as `***`. */
const SECRET_HEADERS = new Set(['cookie', 'set-cookie'])
/** Headers shaped like `Authorization` (a scheme, then the credential). */
const AUTHORIZATION_HEADERS = new Set(['authorization', 'proxy-authorization'])

function harHeaders(headers: Readonly<Record<string, string>>): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => {
    const lower = name.toLowerCase()
    // `authorization` is masked by the journal already (`Bearer ***1`): masking it again would drop its number.
    if (lower === 'authorization') return { name, value }
    if (AUTHORIZATION_HEADERS.has(lower)) return { name, value: maskedAuthorization(value) }
    return { name, value: SECRET_HEADERS.has(lower) ? '***' : value }
  })
}

function headerValue(headers: Readonly<Record<string, string>>, wanted: string): string | undefined {
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === wanted) return value
  return undefined
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength
}

/** How many characters a cut body had (its kept part and the count its mark gives). */
function cutLength(text: string): number {
  const more = /…\[(\d+) more\]$/.exec(text)
  return text.length - (more?.[0].length ?? 0) + Number(more?.[1] ?? 0)
}

function cutComment(text: string): string {
  return `the journal kept only the start of this body (${cutLength(text)} characters): it is left out; a journal told to keep more (journalBodyLimit, serve --journal-body-limit) exports it whole`
}

function harUrl(base: string, entry: JournalEntry): string {
  return `${base}${entry.path}${entry.query === '' ? '' : `?${entry.query}`}`
}

function queryString(query: string): HarNameValue[] {
  return [...new URLSearchParams(query)].map(([name, value]) => ({ name, value }))
}

function postData(entry: JournalEntry): HarEntry['request']['postData'] {
  const text = entry.requestBody
  if (text === null || text === '') return undefined
  const mimeType = headerValue(entry.requestHeaders, 'content-type') ?? 'application/json'
  return isCutBody(text) ? { mimeType, params: [], comment: cutComment(text) } : { mimeType, text }
}

function content(entry: JournalEntry): HarEntry['response']['content'] {
  const text = entry.responseBody
  const mimeType = headerValue(entry.responseHeaders, 'content-type') ?? (text === null ? '' : 'application/json')
  if (text === null) return { size: 0, mimeType }
  if (isCutBody(text)) return { size: -1, mimeType, comment: cutComment(text) }
  return { size: utf8Length(text), mimeType, text }
}

function bodySize(text: string | null): number {
  if (text === null) return 0
  return isCutBody(text) ? -1 : utf8Length(text)
}

function harEntry(base: string, entry: JournalEntry): HarEntry {
  const time = Math.max(0, entry.durationMs)
  const harEntry: HarEntry = {
    startedDateTime: entry.at,
    time,
    request: {
      method: entry.method,
      url: harUrl(base, entry),
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: harHeaders(entry.requestHeaders),
      queryString: queryString(entry.query),
      headersSize: -1,
      bodySize: bodySize(entry.requestBody),
    },
    response: {
      status: entry.status,
      statusText: statusPhrase(entry.status),
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: harHeaders(entry.responseHeaders),
      content: content(entry),
      redirectURL: headerValue(entry.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: bodySize(entry.responseBody),
    },
    cache: {},
    // The whole time is the simulator's (it has no network of its own to account for).
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: time, receive: 0 },
    _seq: entry.seq,
    _operation: entry.operation,
    _session: entry.session,
    _scenario: entry.scenario,
    _caller: entry.caller,
  }
  const posted = postData(entry)
  if (posted !== undefined) harEntry.request.postData = posted
  // What Chromium writes for a request that failed at the network level (a scenario's networkError).
  if (entry.status === 0) harEntry.response._error = 'net::ERR_FAILED (the scenario failed the request)'
  return harEntry
}

/** The HAR 1.2 document of `entries` (journal entries, oldest first). */
export function journalToHar(entries: readonly JournalEntry[], { baseUrl }: JournalToHarOptions): Har {
  const base = baseUrl.replace(/\/+$/, '')
  return {
    log: { version: '1.2', creator: CREATOR, pages: [], entries: entries.map((entry) => harEntry(base, entry)) },
  }
}

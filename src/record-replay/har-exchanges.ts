/**
 * The entries of a HAR file that are the service's operations, whatever the host, found by the
 * simulator's router, as the exchanges a recording turns into steps; the rest is left out and counted
 * by reason, so the summary says what the session held besides the API.
 */
import { matchRoute } from '../pipeline/router.ts'
import { decodedBody, type Har, type HarEntry } from './har-file.ts'
import type { RecordedExchange } from './record.ts'

/** Why an entry is not a step, as the summary counts them. */
const LEFT_OUT_REASONS = {
  scheme: 'not HTTP(S) (a data:, blob:, ws: or extension URL)',
  control: "the simulator's control API (/__sim)",
  path: 'not a path of the API (a page, an asset, another service)',
  method: 'a method the path has no operation for (OPTIONS preflights, HEAD)',
  noResponse: 'no response (blocked, cancelled or failed: status 0)',
  undecodable: 'a body that is not valid base64 or not UTF-8 text',
  requestBodyMissing: 'the request body is not in the HAR',
} as const
export type LeftOutReason = keyof typeof LEFT_OUT_REASONS

/** An exchange kept, with the index of the entry it came from (for the summary and the world). */
export interface HarExchange extends RecordedExchange {
  readonly entry: number
  /** The operation the router took it for. */
  readonly operationId: string
  readonly params: Readonly<Record<string, string>>
}

export interface HarExchanges {
  readonly exchanges: readonly HarExchange[]
  readonly leftOut: ReadonlyMap<LeftOutReason, number>
  /** What the conversion noted about entries it kept (an answer without its body…), one phrase each. */
  readonly notes: readonly string[]
}

/** Reads a body a HAR keeps beside itself (Playwright's `content._file`), or undefined. */
export type ReadAttached = (name: string) => string | undefined

/** Header names in lower case; a repeated header joined with ", " as HTTP folds it. */
function headersOf(list: readonly { name: string; value: string }[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const { name, value } of list ?? []) {
    if (name.startsWith(':')) continue // HTTP/2 pseudo-headers Chromium lists
    const key = name.toLowerCase()
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`
  }
  return headers
}

/** The request body as sent: its text, or its form params when a tool gave only those. */
function requestBodyOf(entry: HarEntry): string | undefined | null {
  const postData = entry.request.postData
  if (postData === undefined) return (entry.request.bodySize ?? 0) > 0 ? null : ''
  if (postData.text !== undefined) return decodedBody(postData.text, postData.encoding)
  if (postData.params !== undefined)
    return postData.params
      .map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value ?? '')}`)
      .join('&')
  return ''
}

type Converted = { kind: 'kept'; exchange: HarExchange; note?: string } | { kind: 'left-out'; reason: LeftOutReason }

function convert(entry: HarEntry, index: number, readAttached: ReadAttached): Converted {
  const url = new URL(entry.request.url)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'left-out', reason: 'scheme' }
  const method = entry.request.method.toUpperCase()
  const match = matchRoute(method, url.pathname)
  if (match.kind === 'control') return { kind: 'left-out', reason: 'control' }
  if (match.kind === 'method-not-allowed') return { kind: 'left-out', reason: 'method' }
  if (match.kind !== 'operation') return { kind: 'left-out', reason: 'path' }
  if (entry.response.status === 0) return { kind: 'left-out', reason: 'noResponse' }
  const body = requestBodyOf(entry)
  if (body === null) return { kind: 'left-out', reason: 'requestBodyMissing' }
  if (body === undefined) return { kind: 'left-out', reason: 'undecodable' }
  const content = entry.response.content
  let answer: string | null | undefined
  let note: string | undefined
  if (content.text !== undefined) answer = decodedBody(content.text, content.encoding)
  else if (content._file !== undefined) {
    const attached = readAttached(content._file)
    answer = attached ?? null
    if (attached === undefined)
      note = `entries[${index}]: its answer's body is in ${content._file}, not found beside the HAR: only the status is expected`
  } else {
    answer = null
    note = `entries[${index}]: no response.content.text in the HAR: only the status is expected`
  }
  if (answer === undefined) return { kind: 'left-out', reason: 'undecodable' }
  return {
    kind: 'kept',
    exchange: {
      entry: index,
      operationId: match.operation.id,
      params: match.params,
      method,
      path: url.pathname,
      query: url.search.slice(1),
      headers: headersOf(entry.request.headers),
      // A HAR this simulator exported names the wallet its masked token stood for.
      ...(entry._caller !== undefined && { caller: entry._caller }),
      body,
      response: { status: entry.response.status, body: answer === '' ? null : answer },
    },
    ...(note !== undefined && { note }),
  }
}

/** The HAR's operations in order, and what was left out by reason. */
export function harExchanges(har: Har, readAttached: ReadAttached = () => undefined): HarExchanges {
  const exchanges: HarExchange[] = []
  const leftOut = new Map<LeftOutReason, number>()
  const notes: string[] = []
  har.log.entries.forEach((entry, index) => {
    const converted = convert(entry, index, readAttached)
    if (converted.kind === 'left-out') leftOut.set(converted.reason, (leftOut.get(converted.reason) ?? 0) + 1)
    else {
      exchanges.push(converted.exchange)
      if (converted.note !== undefined) notes.push(converted.note)
    }
  })
  return { exchanges, leftOut, notes }
}

/** What was left out, one phrase per reason (`3 entries: not a path of the API (…)`), in the table's order. */
export function leftOutPhrases(leftOut: ReadonlyMap<LeftOutReason, number>): string[] {
  return (Object.keys(LEFT_OUT_REASONS) as LeftOutReason[])
    .filter((reason) => (leftOut.get(reason) ?? 0) > 0)
    .map((reason) => {
      const count = leftOut.get(reason)!
      return `${count} ${count === 1 ? 'entry' : 'entries'}: ${LEFT_OUT_REASONS[reason]}`
    })
}

/**
 * The part of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) the journal's export writes:
 * the required fields, and the optional ones it fills. Members starting with `_` are the
 * simulator's own (the spec allows them): the journal's sequence number, operation, session and
 * scenario.
 */

export interface HarNameValue {
  readonly name: string
  readonly value: string
}

export type HarHeader = HarNameValue

interface HarPostData {
  readonly mimeType: string
  readonly text?: string
  readonly params?: readonly HarNameValue[]
  readonly comment?: string
}

interface HarContent {
  /** Bytes of the body; -1 when the journal kept only its start. */
  readonly size: number
  readonly mimeType: string
  readonly text?: string
  readonly comment?: string
}

interface HarTimings {
  readonly blocked: number
  readonly dns: number
  readonly connect: number
  readonly ssl: number
  readonly send: number
  readonly wait: number
  readonly receive: number
}

export interface HarEntry {
  readonly startedDateTime: string
  /** Milliseconds: the sum of the timings that are not -1. */
  readonly time: number
  readonly request: {
    readonly method: string
    readonly url: string
    readonly httpVersion: string
    readonly cookies: readonly HarNameValue[]
    readonly headers: readonly HarHeader[]
    readonly queryString: readonly HarNameValue[]
    postData?: HarPostData
    readonly headersSize: number
    readonly bodySize: number
  }
  readonly response: {
    readonly status: number
    readonly statusText: string
    readonly httpVersion: string
    readonly cookies: readonly HarNameValue[]
    readonly headers: readonly HarHeader[]
    readonly content: HarContent
    readonly redirectURL: string
    readonly headersSize: number
    readonly bodySize: number
    /** Set when the request failed at the network level, as Chromium writes it. */
    _error?: string
  }
  readonly cache: Record<string, never>
  readonly timings: HarTimings
  readonly _seq: number
  readonly _operation: string | null
  readonly _session: string | null
  readonly _scenario: string | null
}

export interface Har {
  readonly log: {
    readonly version: '1.2'
    readonly creator: { readonly name: string; readonly version: string }
    readonly pages: readonly never[]
    readonly entries: readonly HarEntry[]
  }
}

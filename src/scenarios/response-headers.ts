/**
 * Which headers a scenario rule's `respond.headers` may set. The simulator's origin also serves the
 * control API and the dashboard: a header that changed how a browser treats the answer (a page, a
 * cookie, CORS, a security policy) would let a scenario file steer the simulator with the developer's
 * browser. The proxy passes on a real answer's headers by the same rule (`headerRefusal`).
 */
import * as z from 'zod/mini'

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** A header value the simulator may send: visible ASCII, spaces and tabs inside, none at the ends. */
const HEADER_VALUE = /^(?:[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?)?$/

/** Headers that frame the message or the connection: the server sets them. */
const FRAMING_HEADERS = [
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'te',
  'host',
]

/** Headers that change what a browser does with the answer or with the origin. */
const BROWSER_POLICY_HEADERS = [
  'set-cookie',
  'set-cookie2',
  'location',
  'refresh',
  'link',
  'x-content-type-options',
  'x-frame-options',
  'x-xss-protection',
  'strict-transport-security',
  'permissions-policy',
  'feature-policy',
  'referrer-policy',
  'clear-site-data',
  'service-worker-allowed',
  'origin-agent-cluster',
  'document-policy',
  'reporting-endpoints',
  'report-to',
  'nel',
  'timing-allow-origin',
  'alt-svc',
]

/** Every header starting with one of these: CORS, COOP/COEP/CORP, the representation, the simulator's own. */
const REFUSED_HEADER_PREFIXES = ['access-control-', 'cross-origin-', 'content-', 'x-sim-']

/** A Content-Type a rule may set: a JSON type (`application/problem+json`), since the body stays JSON. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;[\t\x20-\x7e]*)?$/i

/** Whether a Content-Type names a JSON media type (`application/json`, `application/problem+json; charset=utf-8`). */
export function isJsonMediaType(value: string): boolean {
  return JSON_MEDIA_TYPE.test(value)
}

/** Why an answer on the simulator's origin may not carry `name` (lower case) with `value`, or undefined when it may. */
export function headerRefusal(name: string, value: string): string | undefined {
  if (FRAMING_HEADERS.includes(name))
    return `is set by the server and cannot be set by a scenario (nor ${FRAMING_HEADERS.join(', ')})`
  if (name === 'content-type') {
    return isJsonMediaType(value)
      ? undefined
      : `must be a JSON media type such as application/problem+json (the body is JSON; another type could make the answer a page), got ${JSON.stringify(value.slice(0, 60))}`
  }
  if (BROWSER_POLICY_HEADERS.includes(name) || REFUSED_HEADER_PREFIXES.some((prefix) => name.startsWith(prefix)))
    return 'cannot be set by a scenario: it changes how a browser treats the answer or the origin (see "Response headers a rule may not set" in docs/scenarios.md)'
  return undefined
}

export const ResponseHeaders = z.lazy(() =>
  // Lower-cased, so a scenario's Content-Type replaces the answer's content-type instead of adding a second one.
  z.pipe(
    z
      .record(
        z.string(),
        z.string().check(
          z.maxLength(1024, { error: 'a header value must be at most 1024 characters' }),
          z.regex(HEADER_VALUE, {
            error: 'a header value must be visible ASCII characters (spaces inside), without CR, LF or NUL',
          }),
        ),
      )
      .check(
        z.superRefine((headers, context) => {
          for (const [name, value] of Object.entries(headers)) {
            const message = HEADER_NAME.test(name)
              ? headerRefusal(name.toLowerCase(), value)
              : "a header name must be an HTTP token: letters, digits and !#$%&'*+.^_`|~-"
            if (message !== undefined) context.addIssue({ code: 'custom', path: [name], message })
          }
        }),
      ),
    z.transform((headers) =>
      Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
    ),
  ),
)

/**
 * Fresh ids for the sessions a tool opens on a shared simulator (a replay, a Playwright test), naming
 * the test so the journal says whose a request was. Web Crypto, so a browser can draw them too.
 */
import { randomHex } from '../model/random-hex.ts'

/** The longest session id (SESSION_ID_PATTERN in session-registry.ts). */
const MAX_SESSION_LENGTH = 64
const SUFFIX_BYTES = 4

/** `<prefix>-<title>-<suffix>`, the title's runs of other characters as `-`; `fallback` for an empty title. */
export function freshSessionId(
  prefix: string,
  title: string,
  fallback: string,
  suffix = randomHex(SUFFIX_BYTES),
): string {
  const room = MAX_SESSION_LENGTH - prefix.length - 2 - suffix.length
  const slug =
    title
      .replace(/[^A-Za-z0-9._~-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, room)
      .replace(/-+$/, '') || fallback
  return `${prefix}-${slug}-${suffix}`
}

/**
 * Fresh ids for the sessions a tool opens on a shared simulator (a replay, a Playwright test):
 * `<prefix>-<title>-<8 hex digits>`, the title reduced to the characters a session id may hold and
 * shortened so the id stays within 64, so the journal and the operations log say whose a request
 * was. Web Crypto, so the simulator's core can draw them in a browser too.
 */
import { randomHex } from '../model/random-hex.ts'

/** The longest session id (SESSION_ID_PATTERN in session-registry.ts). */
const MAX_SESSION_LENGTH = 64
/** The suffix's bytes: 8 hexadecimal digits. */
const SUFFIX_BYTES = 4

/**
 * `<prefix>-<title>-<suffix>`: the title's runs of other characters become `-`, with none at either
 * end; `fallback` stands for a title with nothing left.
 */
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

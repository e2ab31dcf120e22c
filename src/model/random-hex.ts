/**
 * Unseeded random hexadecimal digits, for names no one may guess or plant beforehand: a session id's
 * suffix, a temporary file's name. Never for the simulated world, whose values come from the seed
 * (random.ts). Web Crypto, so the same code runs in a browser, and in Node without loading
 * node:crypto at start.
 */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  )
}

/**
 * Unseeded random hexadecimal digits, for names no one may guess or plant beforehand; never for the
 * simulated world (random.ts). Web Crypto, so it runs in a browser, and in Node without node:crypto.
 */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  )
}

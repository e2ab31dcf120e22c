/**
 * Who is calling: the Bearer token stands for a wallet. A token that is itself an ADDRESS is that
 * wallet; any other token maps to a stable address derived from it, so the same token always acts
 * as the same manager. No crypto API is needed, so this runs in browsers and Node alike.
 */
import { ADDRESS_PATTERN } from '../contract/formats.ts'

export function callerAddress(token: string): string {
  if (ADDRESS_PATTERN.test(token)) return token
  return `0x${stableHex(token, 40)}`
}

/** A deterministic hexadecimal digest of `text` (FNV-1a over several lanes); not cryptographic. */
export function stableHex(text: string, length: number): string {
  let out = ''
  for (let lane = 0; out.length < length; lane++) {
    let hash = 0x811c9dc5 ^ lane
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193)
    }
    out += (hash >>> 0).toString(16).padStart(8, '0')
  }
  return out.slice(0, length)
}

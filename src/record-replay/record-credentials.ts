/**
 * What a recording writes for the credentials of its requests: never one of them. Each distinct
 * Bearer token becomes a mask replay fills (`Bearer ***`, `***2` …) and its wallet a placeholder
 * (`{{caller}}` …); another scheme's is `Basic ***`. A Bearer token that is a wallet address is public,
 * so it is kept. Journal masks are numbered afresh in the file's order.
 */

import { callerAddress } from '../domain/caller.ts'
import { authorizationParts, carriesSecret, maskedAuthorization } from '../domain/credentials.ts'

interface Credentialled {
  readonly headers: Readonly<Record<string, string>>
  /** The wallet address the token stood for, when known (journal entries); undefined: derive it from the token. */
  readonly caller?: string | null | undefined
}

/** The Bearer token of a header when it is a secret (not a wallet address), else undefined. */
function bearerSecret(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined
  const parts = authorizationParts(authorization)
  return parts.scheme?.toLowerCase() === 'bearer' && carriesSecret(parts) ? parts.credential : undefined
}

export interface RecordedCredentials {
  /** The Authorization a step sends for this exchange: a mask, a public one as it was, null for none. */
  authorization(exchange: Credentialled): string | null
  /** Caller addresses → placeholder names (`caller`, `caller2` …). */
  readonly callers: ReadonlyMap<string, string>
}

export function recordedCredentials(exchanges: readonly Credentialled[]): RecordedCredentials {
  const suffixes = new Map<string, string>()
  const callers = new Map<string, string>()
  for (const exchange of exchanges) {
    const token = bearerSecret(exchange.headers.authorization)
    if (token === undefined) continue
    let suffix = suffixes.get(token)
    if (suffix === undefined) {
      suffix = suffixes.size === 0 ? '' : String(suffixes.size + 1)
      suffixes.set(token, suffix)
    }
    const caller = exchange.caller === undefined ? callerAddress(token) : exchange.caller
    if (caller !== null && !callers.has(caller)) callers.set(caller, `caller${suffix}`)
  }
  return {
    callers,
    authorization({ headers }) {
      const value = headers.authorization
      if (value === undefined) return null
      const token = bearerSecret(value)
      return token === undefined ? maskedAuthorization(value) : `Bearer ***${suffixes.get(token)}`
    },
  }
}

/**
 * What of an `Authorization` header may be shown or kept: its scheme (`Bearer`, `Basic`, …), never
 * its credential. The journal, the dashboard, the log and recordings all show a header through
 * `maskedAuthorization`, so a token a client sent (the real service's, behind `serve --proxy`) is
 * written nowhere.
 *
 * The first word counts as the scheme only when it is a known one: a header that is a bare key
 * (`Authorization: sk_live_…`, some services' style) has no scheme, and showing its first word
 * would show the key. A Bearer token that is itself a wallet address is the caller's public
 * identity (the simulator's way to act as a given wallet), not a secret, so it is shown as sent.
 */
import { ADDRESS_PATTERN } from '../contract/formats.ts'

/** Schemes of the IANA HTTP Authentication Scheme Registry, and a few in common use besides. */
const KNOWN_SCHEMES = new Set([
  'basic',
  'bearer',
  'concealed',
  'digest',
  'dpop',
  'gnap',
  'hoba',
  'mutual',
  'negotiate',
  'oauth',
  'privatetoken',
  'scram-sha-1',
  'scram-sha-256',
  'vapid',
  'ntlm',
  'token',
  'apikey',
  'aws4-hmac-sha256',
])

export interface AuthorizationParts {
  /** The scheme as sent, or undefined when the first word is not a known scheme. */
  readonly scheme: string | undefined
  /** What follows the scheme (the whole value without one); '' when there is nothing after it. */
  readonly credential: string
}

export function authorizationParts(value: string): AuthorizationParts {
  const trimmed = value.trim()
  const space = trimmed.search(/\s/)
  const first = space === -1 ? trimmed : trimmed.slice(0, space)
  if (!KNOWN_SCHEMES.has(first.toLowerCase())) return { scheme: undefined, credential: trimmed }
  return { scheme: first, credential: space === -1 ? '' : trimmed.slice(space).trim() }
}

/** Whether the header carries something secret (not: empty, a scheme alone, a wallet address as a Bearer token). */
export function carriesSecret({ scheme, credential }: AuthorizationParts): boolean {
  if (credential === '') return false
  return !(scheme?.toLowerCase() === 'bearer' && ADDRESS_PATTERN.test(credential))
}

/**
 * The header with its credential replaced by `***` and `label` (`Bearer ***2`, `Basic ***`, `***3`
 * for a bare key); a header without a secret is returned as it is.
 */
export function maskedAuthorization(value: string, label = ''): string {
  const parts = authorizationParts(value)
  if (!carriesSecret(parts)) return value
  return parts.scheme === undefined ? `***${label}` : `${parts.scheme} ***${label}`
}

/**
 * Names of query parameters and JSON fields that carry a credential: OAuth's `access_token` (RFC
 * 6750 §2.3) and its kin, API keys, passwords and client secrets, however cased or joined
 * (`apiKey`, `api_key`, `API-KEY`).
 */
const SECRET_NAMES = new Set([
  'accesstoken',
  'idtoken',
  'refreshtoken',
  'token',
  'apikey',
  'clientsecret',
  'secret',
  'password',
  'passwd',
  'privatekey',
])

export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase().replace(/[-_]/g, ''))
}

/** A query string with the value of each credential parameter written `***`; the rest as sent. */
export function maskedQuery(query: string): string {
  if (query === '') return query
  let changed = false
  const pairs = query.split('&').map((pair) => {
    const equals = pair.indexOf('=')
    const rawName = equals === -1 ? pair : pair.slice(0, equals)
    let name = rawName
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '))
    } catch {
      // a malformed escape is no name of ours
    }
    if (equals === -1 || !isSecretName(name)) return pair
    changed = true
    return `${rawName}=***`
  })
  return changed ? pairs.join('&') : query
}

/** A JSON member whose value is a string: its name and the text between the value's quotes. */
const STRING_MEMBER = /"((?:[^"\\]|\\.)*)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g
/** A quick look for a member named as a credential, before each member is matched (`"securityToken"` is not one). */
const MAY_HOLD_SECRET =
  /"(?:(?:access|id|refresh)[-_]?token|token|api[-_]?key|client[-_]?secret|secret|password|passwd|private[-_]?key)"\s*:/i

/** A JSON text with the string value of each credential field written `***`; the rest byte for byte. */
export function maskedJsonSecrets(text: string | null): string | null {
  if (text === null || !MAY_HOLD_SECRET.test(text)) return text
  return text.replace(STRING_MEMBER, (member, name: string, colon: string) =>
    isSecretName(name) ? `"${name}"${colon}"***"` : member,
  )
}

/**
 * `text` with each of `secrets` written `***` wherever it occurs, also as a JSON writer that
 * escapes `/` writes it (`\/`): what a service behind the proxy echoes of the operator's `--token`
 * (in a body, a header, a message quoting either). Returns `text` itself when none occurs.
 */
export function maskedLiterals(text: string, secrets: readonly string[]): string {
  let masked = text
  for (const secret of secrets) {
    if (secret === '') continue
    masked = masked.replaceAll(secret, '***')
    if (secret.includes('/')) masked = masked.replaceAll(secret.replaceAll('/', '\\/'), '***')
  }
  return masked
}

/** Each header value of `headers` with `secrets` written `***` (maskedLiterals). */
export function maskedHeaderValues(
  headers: Readonly<Record<string, string>>,
  secrets: readonly string[],
): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskedLiterals(value, secrets)]))
}

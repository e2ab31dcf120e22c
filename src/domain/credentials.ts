/**
 * What of an `Authorization` header may be shown or kept: its scheme, never its credential (decision
 * 0012). The first word counts as the scheme only when it is a known one, so a bare key
 * (`Authorization: sk_live_…`) is never partly shown. A Bearer token that is a wallet address is the
 * caller's public identity, not a secret, so it is shown as sent.
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

/** The header with its credential replaced by `***` and `label` (`Bearer ***2`, `***3`); as it is without a secret. */
export function maskedAuthorization(value: string, label = ''): string {
  const parts = authorizationParts(value)
  if (!carriesSecret(parts)) return value
  return parts.scheme === undefined ? `***${label}` : `${parts.scheme} ***${label}`
}

/** Names of query parameters and JSON fields that carry a credential, however cased or joined (`api_key`). */
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
 * `text` with each of `secrets` written `***`, also as a JSON writer that escapes `/` writes it
 * (`\/`): what a service behind the proxy echoes of the operator's `--token`.
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

export function maskedHeaderValues(
  headers: Readonly<Record<string, string>>,
  secrets: readonly string[],
): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskedLiterals(value, secrets)]))
}

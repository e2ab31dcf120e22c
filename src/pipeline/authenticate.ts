/**
 * The Bearer check every operation carries (RFC 6750 §2.1): exactly one `Authorization: Bearer <token68>`, the
 * scheme in any case (two headers arrive joined by ", "); anything else is a 401 with a `WWW-Authenticate: Bearer`
 * challenge. Any well-formed token is accepted and names the caller. A message never quotes the credential: it
 * names another scheme only when it is a known one (a bare key's first characters would be the key's).
 */
import { authorizationParts } from '../domain/credentials.ts'
import { ApiError } from '../http/api-error.ts'

/** `Bearer` then one or more spaces then a token68: letters, digits, `-._~+/`, then `=` padding. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i

/** Returns the token, or throws a 401 that says what is wrong with the header. */
export function authenticate(authorization: string | null): string {
  if (authorization === null || authorization.trim() === '') {
    throw new ApiError(401, 'Authorization header is missing: send Authorization: Bearer <token>', undefined, {
      'www-authenticate': 'Bearer',
    })
  }
  const match = BEARER.exec(authorization)
  if (match !== null) return match[1]!
  const invalid = { 'www-authenticate': 'Bearer error="invalid_request"' }
  const { scheme } = authorizationParts(authorization)
  if (scheme === undefined)
    throw new ApiError(
      401,
      'Authorization must be "Bearer <token>": the value does not start with a known scheme (it is not quoted here: it may be a credential)',
      undefined,
      invalid,
    )
  if (scheme.toLowerCase() !== 'bearer')
    throw new ApiError(401, `Authorization scheme must be Bearer, got ${JSON.stringify(scheme)}`, undefined, invalid)
  const token = authorization.trim().slice(scheme.length).trim()
  if (token === '') throw new ApiError(401, 'Bearer token is empty', undefined, invalid)
  if (/,\s*bearer\b/i.test(authorization))
    throw new ApiError(401, 'send one Authorization header, not several', undefined, invalid)
  throw new ApiError(
    401,
    'Bearer token must be one token68 (letters, digits, -._~+/ then = padding), without spaces',
    undefined,
    invalid,
  )
}

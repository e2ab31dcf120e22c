/**
 * The Bearer check every operation carries: a missing header, another scheme or an empty token
 * is a 401 in the documented shape. Any non-empty token is accepted; it names the caller.
 */
import { ApiError } from './api-error.ts'

const BEARER = /^Bearer(?:\s+(.*))?$/i

/** Returns the token, or throws a 401 that says what is wrong with the header. */
export function authenticate(authorization: string | null): string {
  const challenge = { 'www-authenticate': 'Bearer' }
  if (authorization === null || authorization.trim() === '') {
    throw new ApiError(401, 'Authorization header is missing: send Authorization: Bearer <token>', undefined, challenge)
  }
  const match = BEARER.exec(authorization.trim())
  if (match === null) {
    const scheme = authorization.trim().split(/\s+/)[0]
    throw new ApiError(401, `Authorization scheme must be Bearer, got ${scheme}`, undefined, challenge)
  }
  const token = (match[1] ?? '').trim()
  if (token === '') throw new ApiError(401, 'Bearer token is empty', undefined, challenge)
  return token
}

/**
 * CORS for browser apps served from other origins: every response allows any origin (the API uses
 * Bearer tokens, not cookies), and preflights allow every method and header the API uses.
 */
import type { IncomingMessage } from 'node:http'

export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS'
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, X-Sim-Scenario, X-Sim-Session'
export const CORS_EXPOSED_HEADERS = 'X-Sim-Operation, X-Sim-Scenario, X-Sim-Session, WWW-Authenticate, Allow'

export function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': CORS_EXPOSED_HEADERS,
    ...(origin !== undefined && { vary: 'Origin' }),
  }
}

export function preflightHeaders(request: IncomingMessage): Record<string, string> {
  const requested = request.headers['access-control-request-headers']
  return {
    ...corsHeaders(request),
    'access-control-allow-methods': CORS_ALLOWED_METHODS,
    'access-control-allow-headers': requested ? `${CORS_ALLOWED_HEADERS}, ${requested}` : CORS_ALLOWED_HEADERS,
    'access-control-max-age': '600',
  }
}

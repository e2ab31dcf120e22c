/**
 * How an answer says the proxy made it itself: its 502, 504 or 508 when the service did not answer
 * in time, could not be reached, answered something that is not JSON or a body that does not
 * decode, redirected, or when the request looped back. The service's own 502 never carries it
 * (the proxy drops every `X-Sim-*` header of the service's answers), so a client, and a
 * recording, can tell the two apart.
 */
export const PROXY_FAILURE_HEADER = 'x-sim-proxy-failure'

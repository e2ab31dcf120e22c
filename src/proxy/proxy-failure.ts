/**
 * How an answer says the proxy made it itself (its 502, 504 or 508). The service's own 502 never
 * carries it (the proxy drops the service's `X-Sim-*` headers), so a client and a recording can tell them apart.
 */
export const PROXY_FAILURE_HEADER = 'x-sim-proxy-failure'

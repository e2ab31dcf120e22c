/**
 * Whether an address, a Host or an Origin names this machine, decided on the address, not its spelling
 * (`127.1`, `::ffff:127.0.0.1`): each is brought to the canonical host a WHATWG URL gives, then compared.
 */

/** An IPv4-mapped IPv6 address in 127.0.0.0/8, as a URL writes it: `[::ffff:7f00:1]`. */
const MAPPED_LOOPBACK = /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/

/** The canonical URL host of `host` (brackets optional around IPv6), or undefined when it is none. */
function canonicalHost(host: string): string | undefined {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  try {
    const url = new URL(`http://${bracketed}/`)
    // A host that smuggles a port, user or path is not a bare host.
    return url.port === '' && url.username === '' && url.pathname === '/' && url.search === '' && url.hash === ''
      ? url.hostname
      : undefined
  } catch {
    return undefined
  }
}

/** Whether a canonical URL host is a loopback address or `localhost`. */
function isLoopbackCanonical(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    MAPPED_LOOPBACK.test(hostname)
  )
}

/** A bound address or host name (`127.0.0.1`, `::1`, `[::1]`, `::ffff:127.0.0.1`, `localhost`) that is loopback. */
export function isLoopbackAddress(host: string): boolean {
  const canonical = canonicalHost(host)
  return canonical !== undefined && isLoopbackCanonical(canonical)
}

/** An Origin (`http://localhost:5173`) whose host is a loopback address, any port. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackCanonical(url.hostname)
  } catch {
    return false
  }
}

/** A Host header (`127.0.0.1:4010`, `[::1]:4010`, `localhost`) that names a loopback address. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined || host === '') return false
  try {
    const url = new URL(`http://${host}/`)
    // `http://a@127.0.0.1/` or `127.0.0.1/x` is no Host a client sends: refused rather than read generously.
    return (
      url.username === '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      isLoopbackCanonical(url.hostname)
    )
  } catch {
    return false
  }
}

/**
 * A `--control-origin` must be written exactly as a browser writes its `Origin` header: the control API
 * compares origins as text, so another spelling would silently allow nobody.
 */

/** Why `text` is not an origin a browser sends, or undefined when it is one. */
export function browserOriginProblem(text: string): string | undefined {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'is not an origin: write scheme and host, such as https://qa.example.com'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://'
  if (url.hostname.includes('*')) return 'may not hold a wildcard: list each origin, comma-separated'
  if (url.username !== '' || url.password !== '') return 'may not hold a user name or password'
  const afterScheme = text.slice(text.indexOf('//') + 2)
  if (/[?#]/.test(afterScheme)) return 'may not hold a query or fragment'
  if (afterScheme.includes('/')) return 'may not hold a path (not even a trailing /)'
  if (text === url.origin) return undefined
  if (url.port === '' && /:\d+$/.test(text))
    return `names ${url.protocol === 'https:' ? 'https' : 'http'}'s default port, which a browser leaves out: write ${url.origin}`
  if (text.toLowerCase() === url.origin) return `must be in lower case, as a browser sends it: write ${url.origin}`
  return `is not written as a browser sends it: write ${url.origin}`
}

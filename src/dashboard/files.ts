/** Files the dashboard hands to the user or takes from them: JSON downloads and scenario uploads. */

/** Offers `value` as a JSON file download (a Blob URL: nothing leaves the page). */
export function downloadJson(fileName: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** A body shown for reading: JSON indented, anything else as it is. */
export function pretty(text: string | null): string {
  if (text === null || text === '') return '(none)'
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** A word quoted for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/** The curl command that sends the same request to this server. */
export function asCurl(
  origin: string,
  request: {
    method: string
    path: string
    query: string
    requestHeaders: Readonly<Record<string, string>>
    requestBody: string | null
  },
): string {
  const target = `${origin}${request.path}${request.query === '' ? '' : `?${request.query}`}`
  const parts = ['curl', ...(request.method === 'GET' ? [] : ['-X', request.method]), shellQuote(target)]
  for (const [name, value] of Object.entries(request.requestHeaders)) parts.push('-H', shellQuote(`${name}: ${value}`))
  if (request.requestBody !== null && request.requestBody !== '')
    parts.push('--data-raw', shellQuote(request.requestBody))
  return parts.join(' ')
}

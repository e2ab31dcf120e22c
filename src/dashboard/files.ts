/**
 * Files the dashboard hands to the user or takes from them (JSON downloads), and the texts it shows
 * of an exchange: a body indented for reading, the request as a curl command.
 */

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

/** How the journal ends a body it cut: `…[123 more]` (src/observability/journal.ts). */
const CUT_MARK = /…\[\d+ more\]$/

/**
 * A body shown for reading: JSON indented, anything else as it is. A body the journal cut is no
 * longer valid JSON: its start is indented by `indentJson` and the cut mark follows on its own line.
 */
export function pretty(text: string | null): string {
  if (text === null || text === '') return '(none)'
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    const mark = CUT_MARK.exec(text)
    const head = mark === null ? text : text.slice(0, mark.index)
    if (!/^\s*[[{]/.test(head)) return text
    return mark === null ? indentJson(head) : `${indentJson(head)}\n${mark[0]}`
  }
}

/**
 * JSON text, maybe cut short, indented as `JSON.stringify(value, null, 2)` would: a new line after
 * `{`, `[` and `,` and before `}` and `]`, a space after `:`, outside strings (escapes respected);
 * whitespace outside strings is dropped. It parses nothing, so a cut or broken text is indented too.
 */
function indentJson(text: string): string {
  let out = ''
  let depth = 0
  let inString = false
  let escaped = false
  const newLine = () => `\n${'  '.repeat(depth)}`
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (inString) {
      out += char
      if (escaped) escaped = false
      else if (char === '\\') escaped = true
      else if (char === '"') inString = false
      continue
    }
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']'
      let next = i + 1
      while (next < text.length && /\s/.test(text[next]!)) next++
      if (text[next] === close) {
        out += `${char}${close}` // empty: kept on one line, as JSON.stringify does
        i = next
      } else {
        depth++
        out += `${char}${newLine()}`
      }
    } else if (char === '}' || char === ']') {
      depth = Math.max(0, depth - 1)
      out += `${newLine()}${char}`
    } else if (char === ',') out += `,${newLine()}`
    else if (char === ':') out += ': '
    else if (char === '"') {
      inString = true
      out += char
    } else if (!/\s/.test(char)) out += char
  }
  return out
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

/** Files the dashboard hands to the user, and the texts it shows of an exchange (an indented body, a curl command). */

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

/** A body shown for reading: JSON indented; a cut body, no longer JSON, indented all the same, its mark below. */
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
 * JSON text, maybe cut short, indented as `JSON.stringify(value, null, 2)` would. It parses nothing,
 * so a cut or broken text is indented too.
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

/** C0 and C1 controls and DEL: pasted raw into a terminal they could move the cursor or rewrite the line. */
const CONTROL_CHARACTERS = /\p{Cc}/u

/**
 * A word quoted for a shell: in single quotes, or, when it holds control characters, in ANSI-C
 * quotes (`$'…'`, bash and zsh) with each one written as `\xNN` (or `\u00NN`), so no raw ESC reaches a terminal.
 */
function shellQuote(text: string): string {
  if (!CONTROL_CHARACTERS.test(text)) return `'${text.replaceAll("'", `'\\''`)}'`
  const escaped = text
    .replace(/[\\']/g, (char) => `\\${char}`)
    .replace(/\p{Cc}/gu, (char) => {
      const code = char.charCodeAt(0)
      // \xNN is a byte: a C1 control (U+0080-U+009F) is written as the character \u00NN.
      return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
    })
  return `$'${escaped}'`
}

/** Characters a URL may not hold as they are (RFC 3986), percent-encoded as UTF-8; `%` escapes stay. */
function encodeTarget(target: string): string {
  return target.replace(/[^\x21-\x7e]|["<>\\^`{|}]/gu, (char) =>
    Array.from(new TextEncoder().encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(
      '',
    ),
  )
}

/** How the journal shows a masked credential (src/domain/credentials.ts): an optional scheme, then `***` and a number. */
const MASKED_AUTHORIZATION = /^(?:([A-Za-z0-9-]+) )?\*\*\*(?:\d+|\?)?$/

/**
 * A header for the command. The journal keeps no credential, so a masked `Authorization` sends the
 * shell's `$TOKEN` (`replay-token` when unset), in double quotes for the shell to expand it.
 */
function headerArgument(name: string, value: string): string {
  const masked = name.toLowerCase() === 'authorization' ? MASKED_AUTHORIZATION.exec(value) : null
  if (masked === null) return shellQuote(`${name}: ${value}`)
  return `"${name}: ${masked[1] === undefined ? '' : `${masked[1]} `}\${TOKEN:-replay-token}"`
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
  const target = encodeTarget(`${request.path}${request.query === '' ? '' : `?${request.query}`}`)
  // curl reads [ ] as a glob and folds /./ and /../ segments: either would send another request.
  const flags = [
    ...(/[[\]]/.test(target) ? ['--globoff'] : []),
    ...(/(^|\/)\.\.?(\/|\?|$)/.test(request.path) ? ['--path-as-is'] : []),
  ]
  const parts = [
    'curl',
    ...flags,
    ...(request.method === 'GET' ? [] : ['-X', request.method]),
    shellQuote(`${origin}${target}`),
  ]
  for (const [name, value] of Object.entries(request.requestHeaders)) parts.push('-H', headerArgument(name, value))
  if (request.requestBody !== null && request.requestBody !== '')
    parts.push('--data-raw', shellQuote(request.requestBody))
  return parts.join(' ')
}

/**
 * The scenario name for an uploaded file, kept to the rule of scenario names: accents dropped
 * (`Ärger.json` is `Arger`, not `-rger`), other characters as `-`; `uploaded` when nothing is left.
 */
export function scenarioNameOfFile(fileName: string): string {
  const name = fileName
    .replace(/\.json$/i, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 64)
    .replace(/-+$/, '')
  return name === '' ? 'uploaded' : name
}

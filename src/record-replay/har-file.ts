/**
 * A HAR file (1.1 or 1.2, as devtools and capture tools write it) checked before anything is
 * converted: its size, then JSON, then the fields the conversion reads (contract/har.ts); fields a
 * tool adds are not refused. A refusal is a HarError naming the file and the field's path.
 */
import { Har } from '../contract/har.ts'
import { issueText } from '../contract/issue-text.ts'
import { nestedDeeperThan, withoutBom } from '../contract/json-text.ts'

/** The largest HAR file converted (documented in docs/har-import.md): a long devtools session fits. */
export const HAR_SIZE_LIMIT_BYTES = 50 * 1024 * 1024

/** A file that cannot be converted: names the file and, when it is one field, its path ('' for a message that names its own). */
export class HarError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    detail: string,
  ) {
    super(`${file === '' ? '' : `${file}: `}${path === '' ? '' : `${path}: `}${detail}`)
    this.name = 'HarError'
  }
}

/** A path as the file reads: `log.entries[3].request.url`. */
function formatHarPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('')
}

export type { Har, HarEntry } from '../contract/har.ts'

export function parseHar(text: string, file: string): Har {
  return checkHar(harJson(text, file), file)
}

/**
 * A HAR file's text as JSON, not checked yet: apart from `checkHar`, so that a caller can let the text
 * go before the check copies the tree, rather than hold all three at once.
 */
export function harJson(text: string, file: string): unknown {
  const body = withoutBom(text)
  if (nestedDeeperThan(body)) throw new HarError(file, '', 'not a HAR file: JSON nested too deeply')
  try {
    return JSON.parse(body)
  } catch (error) {
    throw new HarError(file, '', `not JSON (${(error as Error).message})`)
  }
}

/** Checks parsed JSON (`harJson`) as a HAR file; `file` names it in errors. */
export function checkHar(json: unknown, file: string): Har {
  if (json === null || typeof json !== 'object' || Array.isArray(json) || !('log' in json))
    throw new HarError(file, '', 'not a HAR file: JSON without a "log" object (save it from the Network panel as HAR)')
  const result = Har.safeParse(json, { reportInput: true })
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new HarError(file, formatHarPath(issue.path), issueText(issue))
  }
  return result.data
}

/** Refuses a file over the size limit, by its size alone (before it is read and parsed). */
export function checkHarSize(bytes: number, file: string): void {
  if (bytes > HAR_SIZE_LIMIT_BYTES)
    throw new HarError(
      file,
      '',
      `${bytes} bytes, over the ${HAR_SIZE_LIMIT_BYTES / 1024 / 1024} MB a HAR file may have; save a shorter session (or filter the Network panel first)`,
    )
}

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/

/** A body of the HAR as text, base64 decoded; undefined when it is not UTF-8 text (the entry is left out). */
export function decodedBody(text: string, encoding: string | undefined): string | undefined {
  if (encoding === undefined || encoding === '') return text
  if (encoding.toLowerCase() !== 'base64' || !BASE64.test(text)) return undefined
  try {
    const bytes = Uint8Array.from(atob(text.replace(/\s/g, '')), (char) => char.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

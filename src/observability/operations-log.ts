/**
 * The standalone server's operations log: one line per request, plus a line per contract drift of a
 * proxied one; `verbose` adds the caller (as the journal masks it) and the bodies.
 */
import type { JournalEntry } from './journal.ts'

export type LogLevel = 'quiet' | 'normal' | 'verbose'

const BODY_PREVIEW = 500

function preview(body: string | null): string {
  if (body === null || body === '') return '(none)'
  return body.length <= BODY_PREVIEW ? body : `${body.slice(0, BODY_PREVIEW)}… (${body.length} chars)`
}

export function formatLogLine(entry: JournalEntry, level: Exclude<LogLevel, 'quiet'>): string {
  const time = entry.at.slice(11, 23)
  const target = entry.query === '' ? entry.path : `${entry.path}?${entry.query}`
  const status = entry.status === 0 ? 'NETWORK-ERROR' : String(entry.status)
  const parts = [time, entry.method, target, status, `${entry.durationMs.toFixed(1)}ms`, entry.operation ?? '-']
  if (entry.scenario !== null) parts.push(`scenario=${entry.scenario}`)
  if (entry.session !== null) parts.push(`session=${entry.session}`)
  if (entry.proxy !== undefined) parts.push(`proxied=${entry.proxy.status ?? 'no-answer'}`)
  // Drift is what a proxy is watched for (as Prism's validation proxy logs violations): said at every level.
  const drift = entry.proxy?.drift ?? []
  if (drift.length > 0) parts.push(`DRIFT(${drift.length})`)
  const line = parts.join(' ') + drift.map((text) => `\n  drift    ${text}`).join('')
  if (level === 'normal') return line
  const authorization = entry.requestHeaders.authorization
  const who =
    authorization === undefined && entry.caller === null
      ? ''
      : `\n  auth     ${authorization ?? '(none)'}${entry.caller === null ? '' : ` caller ${entry.caller}`}`
  return `${line}${who}\n  request  ${preview(entry.requestBody)}\n  response ${preview(entry.responseBody)}`
}

/**
 * Serves the dashboard's files and event stream, each under a strict CSP (nothing leaves the machine)
 * and with an ETag, so revalidation costs a 304 instead of the file.
 */

import type { ControlHandlerTable } from '../control/control-handler.ts'
import { ApiError } from '../http/api-error.ts'
import type { SimRequest, SimResponse } from '../http/sim-request.ts'
import type { DashboardAssets, DashboardFile } from './dashboard-assets.ts'
import { eventHandlers } from './event-stream.ts'

/**
 * Only this origin's script, styles and connections (fetch, EventSource); no inline code, no
 * plugins, no framing, no form posts, no base rewriting. `img-src data:` is the page's blank icon.
 */
const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': DASHBOARD_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  // Small files that change with every build of the package: always revalidated.
  'cache-control': 'no-cache',
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>debt-token-simulator dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/__sim/ui/dashboard.css">
<script type="module" src="/__sim/ui/dashboard.js"></script>
</head>
<body>
<div id="app"><p class="loading">Loading the dashboard…</p></div>
<noscript><p>The dashboard needs JavaScript. The control API it uses is documented in docs/api.md.</p></noscript>
</body>
</html>
`

const NOT_BUILT =
  "the dashboard's files are not built: run npm run build (an installed package ships them in dist/dashboard/)"

/** Entity tags by file text: each is computed once per build of the file. */
const etags = new Map<string, string>()

/** A strong entity tag for `text`: its length and two 32-bit FNV-1a hashes (no crypto needed, none wanted). */
function etagOf(text: string): string {
  let tag = etags.get(text)
  if (tag === undefined) {
    let a = 0x811c9dc5
    let b = 0x01000193
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      a = Math.imul(a ^ code, 0x01000193)
      b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15)
    }
    tag = `"${text.length.toString(36)}-${(a >>> 0).toString(36)}-${(b >>> 0).toString(36)}"`
    if (etags.size > 16) etags.clear() // a rebuilt file's old tags are never asked for again
    etags.set(text, tag)
  }
  return tag
}

/** Whether an If-None-Match header names `etag` (weakly compared, as RFC 9110 asks for a GET), or is `*`. */
function notModified(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '')
    return tag === '*' || tag === etag
  })
}

/** The file with its tag; 304 without a body when the browser's copy is this one (`no-cache` makes it ask). */
function answer(type: string, body: string, request: SimRequest): SimResponse {
  const etag = etagOf(body)
  const headers = { 'content-type': `${type}; charset=utf-8`, ...SECURITY_HEADERS, etag }
  if (notModified(request.header('if-none-match'), etag)) return { status: 304, headers, body: null }
  return { status: 200, headers, body }
}

function asset(assets: DashboardAssets | undefined, name: DashboardFile): string {
  const text = assets?.read(name)
  if (text === undefined) throw ApiError.notFound(NOT_BUILT)
  return text
}

const NO_SCHEMA =
  'the scenario schema is served by the standalone server (debt-token-simulator serve); the package ships it as scenarios/scenario.schema.json'

/** The control routes of the dashboard's wing: its files, the scenario files' JSON Schema built beside them, and the live event stream. */
export type DashboardRouteId =
  | 'getDashboard'
  | 'getDashboardScript'
  | 'getDashboardStyles'
  | 'getScenarioSchema'
  | 'streamEvents'

/** The dashboard's handlers over the files `dashboard` reads (none in a runtime that cannot read them: 404s that say why). */
export function dashboardHandlers(dashboard: DashboardAssets | undefined): ControlHandlerTable<DashboardRouteId> {
  return {
    getDashboard: (_input, { request }) => {
      asset(dashboard, 'dashboard.js') // a page whose script is missing would only spin: say why instead
      return answer('text/html', PAGE, request)
    },
    getDashboardScript: (_input, { request }) => answer('text/javascript', asset(dashboard, 'dashboard.js'), request),
    getDashboardStyles: (_input, { request }) => answer('text/css', asset(dashboard, 'dashboard.css'), request),
    getScenarioSchema: () => {
      const text = dashboard?.read('scenario.schema.json')
      if (text === undefined) throw ApiError.notFound(NO_SCHEMA)
      return JSON.parse(text) as Record<string, unknown>
    },
    ...eventHandlers,
  }
}

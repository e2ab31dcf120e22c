/**
 * Serves the dashboard: its page (written here: a shell that loads the script), and the script and
 * style sheet the build writes to dist/dashboard/ (the runtime that can read files hands them over
 * as `DashboardAssets`). Every answer carries a strict Content-Security-Policy: the page runs only
 * its own script and styles and talks only to its own origin, so nothing leaves the machine.
 */
import { ApiError } from '../http/api-error.ts'
import type { SimResponse } from '../http/sim-request.ts'
import type { ControlHandlerTable } from './control-handler.ts'

/** The dashboard's built files, by name. */
export interface DashboardAssets {
  /** The file's text, or undefined when it was not built. */
  read(name: DashboardFile): string | undefined
}

export type DashboardFile = 'dashboard.js' | 'dashboard.css'

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

function answer(type: string, body: string): SimResponse {
  return { status: 200, headers: { 'content-type': `${type}; charset=utf-8`, ...SECURITY_HEADERS }, body }
}

function asset(assets: DashboardAssets | undefined, name: DashboardFile): string {
  const text = assets?.read(name)
  if (text === undefined) throw ApiError.notFound(NOT_BUILT)
  return text
}

export const dashboardHandlers: ControlHandlerTable<'getDashboard' | 'getDashboardScript' | 'getDashboardStyles'> = {
  getDashboard: (_input, { dashboard }) => {
    asset(dashboard, 'dashboard.js') // a page whose script is missing would only spin: say why instead
    return answer('text/html', PAGE)
  },
  getDashboardScript: (_input, { dashboard }) => answer('text/javascript', asset(dashboard, 'dashboard.js')),
  getDashboardStyles: (_input, { dashboard }) => answer('text/css', asset(dashboard, 'dashboard.css')),
}

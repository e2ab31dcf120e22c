/**
 * Shared-server mode: every test talks to one standalone server (started once, e.g. in a
 * Playwright globalSetup) in a session of its own. Its page's requests to the server carry the
 * test's `X-Sim-Session`, added by a route on the browser context for the server's origin only
 * (extra HTTP headers would go to every origin the page calls), so parallel workers never see
 * each other's writes. The context also holds a `sim-session` cookie naming the session, for the app
 * (Playwright's `baseURL`), whose server forwards it as X-Sim-Session (docs/server-rendered.md).
 */
import type { BrowserContext, Route } from '@playwright/test'
import { SESSION_COOKIE, SESSION_HEADER } from '../../sessions/session-header.ts'
import { freshSessionId } from '../../sessions/session-id.ts'

/** Where globalSetup leaves the shared server's URL for the workers (they inherit its environment). */
const SERVER_URL_ENV = 'SIM_URL'

/**
 * A fresh session id for a test: `pw-<title>-<8 hex digits>` (see freshSessionId), so the server's
 * operations log and journal say which test a request came from.
 */
export function sessionIdFor(title: string, suffix?: string): string {
  return freshSessionId('pw', title, 'test', suffix)
}

/** The shared server's URL: the option, else the environment variable, else an error saying how to set it. */
export function resolveServerUrl(option: string | undefined): string {
  const url = option ?? process.env[SERVER_URL_ENV]
  if (url === undefined || url === '') {
    throw new Error(
      `debt-token-simulator/playwright: simulatorMode 'shared-server' needs the server's URL: start it in a globalSetup with startStandaloneServer() from debt-token-simulator/standalone and set process.env.${SERVER_URL_ENV} = server.url, or test.use({ simulatorServerUrl })`,
    )
  }
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new Error(
      `debt-token-simulator/playwright: the shared server's URL is not an http(s) URL: ${JSON.stringify(url)}`,
    )
  }
  return url.replace(/\/+$/, '')
}

/** Adds `X-Sim-Session: session` to every request `context` sends under `serverUrl`. */
export async function routeWithSession(context: BrowserContext, serverUrl: string, session: string): Promise<void> {
  const prefix = `${new URL(serverUrl).href.replace(/\/+$/, '')}/`
  await context.route(
    (url) => url.href.startsWith(prefix),
    (route: Route) => route.fallback({ headers: { ...route.request().headers(), [SESSION_HEADER]: session } }),
  )
}

/**
 * Sets the `sim-session` cookie to `session` on `context` for each URL's origin (path `/`): the app
 * (Playwright's `baseURL`) sends it with every request, and its server forwards it to the
 * simulator as X-Sim-Session. Cookies do not tell ports apart: one set for the server's URL reaches an
 * app on the same host name too.
 */
export async function setSessionCookie(
  context: BrowserContext,
  urls: readonly (string | undefined)[],
  session: string,
): Promise<void> {
  const origins = new Set<string>()
  for (const url of urls) if (url !== undefined && URL.canParse(url)) origins.add(new URL(url).origin)
  await context.addCookies([...origins].map((origin) => ({ name: SESSION_COOKIE, value: session, url: `${origin}/` })))
}

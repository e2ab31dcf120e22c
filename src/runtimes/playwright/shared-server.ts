/**
 * Shared-server mode: each test in a session of its own. Its header is added by a route for the server's
 * origin only, as extra HTTP headers would go to every origin; a cookie names it to the app's server.
 */
import type { BrowserContext, Route } from '@playwright/test'
import { SESSION_COOKIE, SESSION_HEADER } from '../../sessions/session-header.ts'
import { freshSessionId } from '../../sessions/session-id.ts'

/** Where globalSetup leaves the shared server's URL for the workers (they inherit its environment). */
const SERVER_URL_ENV = 'SIM_URL'

/** A fresh session id for a test, `pw-<title>-<hex>`, so the server's log says which test a request came from. */
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
 * Sets the `sim-session` cookie to `session` on `context` for each URL's origin (path `/`), for the
 * app's server to forward as X-Sim-Session. Cookies do not tell ports apart: one set for the server's
 * URL reaches an app on the same host name too.
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

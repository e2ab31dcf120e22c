/**
 * The behaviour suite's target in Chromium: the test page (test/browser/app: the package's browser
 * entry behind msw's service worker) in a headless tab. Requests go through the page's own `fetch`,
 * the controls call the page's simulator, so every record is written, stored, read and updated in
 * the page's realm.
 */
import type { BrowserContext } from 'playwright-core'
import { type Exchange, type SendOptions, type Target, TOKEN } from '../../support/wire-target.ts'
import type { WireRequest } from '../app/wire.ts'
import { launchChromium } from './chromium.ts'

/** The API origin the page's simulator answers (no such host exists: only its worker answers). */
const API_BASE_URL = 'https://api.simulator.test'
/** Bound on any single step in the browser, so a hung page fails the test instead of stalling it. */
const STEP_TIMEOUT_MS = 30_000

/** Opens the page served at `origin` in a new tab of `context`; `close()` closes the tab. */
async function pageTarget(context: BrowserContext, origin: string): Promise<Target> {
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${origin}/?api=${encodeURIComponent(API_BASE_URL)}`)
  await page.waitForFunction(() => window.simulatorPage !== undefined || window.simulatorPageError !== undefined)
  const startError = await page.evaluate(() => window.simulatorPageError)
  if (startError !== undefined) throw new Error(`the test page failed to start its worker: ${startError}`)

  /** Runs `action` in the page; an uncaught error of the page since the last step fails it. */
  const inPage = async <T>(action: () => Promise<T>): Promise<T> => {
    const result = await action()
    if (errors.length > 0) throw new Error(`uncaught in the page: ${errors.splice(0).join('; ')}`)
    return result
  }
  const exchanges: Exchange[] = []
  return {
    name: 'chromium',
    baseUrl: API_BASE_URL,
    exchanges,
    async send(method: string, path: string, options: SendOptions = {}) {
      const headers: Record<string, string> = {
        ...(options.auth !== false && { authorization: `Bearer ${TOKEN}` }),
        ...options.headers,
      }
      let body: string | undefined
      if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
        headers['content-type'] ??= 'application/json'
      }
      const request: WireRequest = {
        label: `${method} ${path}`,
        method,
        path,
        headers,
        ...(body !== undefined && { body }),
      }
      const [reply] = await inPage(() => page.evaluate((sent) => window.simulatorPage!.run([sent]), request))
      let json: unknown
      try {
        json = reply!.text === '' ? undefined : JSON.parse(reply!.text)
      } catch {
        json = undefined
      }
      exchanges.push({ method, path, status: reply!.status, contentType: reply!.contentType, json })
      return { status: reply!.status, headers: new Headers(reply!.headers), text: reply!.text, json }
    },
    reset: () => inPage(() => page.evaluate(() => window.simulatorPage!.reset())),
    setClock: (at) =>
      inPage(() => page.evaluate((instant) => window.simulatorPage!.setClock(instant), at.toISOString())),
    advanceClock: (milliseconds) =>
      inPage(() => page.evaluate((by) => window.simulatorPage!.advanceClock(by), milliseconds)),
    useScenario: (name) => inPage(() => page.evaluate((scenario) => window.simulatorPage!.useScenario(scenario), name)),
    create: (table, call = {}) =>
      inPage(() => page.evaluate(([name, given]) => window.simulatorPage!.create(name, given), [table, call] as const)),
    close: () => page.close(),
  }
}

/** The page `served` serves, in fresh headless Chromium storage; `close()` ends that and the server. */
export async function chromiumPageTarget(served: { origin: string; close(): Promise<void> }): Promise<Target> {
  const chromium = await launchChromium({ timeoutMs: 60_000 })
  const target = await pageTarget(chromium.context, served.origin)
  return {
    ...target,
    close: async () => {
      await chromium.close()
      await served.close()
    },
  }
}

/**
 * One tab of the browser test page, driven like a user would: open it (or reload it) at a URL,
 * wait until its worker answers, send requests through the page's own fetch, and keep what the
 * page wrote to its console, so the persistence tests can check the one warning or notice a
 * behaviour promises. Used by the persistence and tab-sync tests.
 */
import type { BrowserContext, Page } from 'playwright-core'
import type { WireReply, WireRequest } from '../app/wire.ts'

/** Bound on any single step in the browser, so a hung page fails the test instead of stalling it. */
const STEP_TIMEOUT_MS = 10_000

const AUTH = { authorization: 'Bearer persistence-test' }

export interface SimulatorTab {
  readonly page: Page
  /** Every console message of the page since it was opened (across reloads), as "type: text". */
  readonly console: string[]
  /** Uncaught errors in the page. */
  readonly errors: string[]
  /** Sends the requests from the page, one after the other. */
  run(requests: readonly WireRequest[]): Promise<WireReply[]>
  /** GET `path` with a Bearer token; the reply's status and parsed body. */
  get(path: string): Promise<{ status: number; json: any }>
  /** Sends `body` as JSON with a Bearer token. */
  send(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>
  /** Loads the page again at `url` (default: the same URL) and waits until it answers. */
  reload(url?: string): Promise<void>
  /** Console messages from the simulator itself (its prefix), "type: text". */
  simulatorMessages(): string[]
}

async function waitUntilReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.simulatorPage !== undefined || window.simulatorPageError !== undefined)
  const startError = await page.evaluate(() => window.simulatorPageError)
  if (startError !== undefined) throw new Error(`the test page failed to start its worker: ${startError}`)
}

/** Opens `url` in a new tab of `context` and waits until its simulator answers. */
export async function openSimulatorTab(context: BrowserContext, url: string): Promise<SimulatorTab> {
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  const consoleMessages: string[] = []
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`))
  const reply = async (method: string, path: string, body?: unknown) => {
    const request: WireRequest = {
      label: `${method} ${path}`,
      method,
      path,
      headers: body === undefined ? AUTH : { ...AUTH, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }
    const [answer] = await tab.run([request])
    return { status: answer!.status, json: answer!.text === '' ? undefined : JSON.parse(answer!.text) }
  }
  const tab: SimulatorTab = {
    page,
    console: consoleMessages,
    errors,
    run: (requests) => page.evaluate((batch) => window.simulatorPage!.run(batch), requests),
    get: (path) => reply('GET', path),
    send: reply,
    async reload(next) {
      await page.goto(next ?? page.url())
      await waitUntilReady(page)
    },
    simulatorMessages: () => consoleMessages.filter((line) => line.includes('debt-token-simulator')),
  }
  await tab.reload(url)
  return tab
}

/**
 * The browser project's one Chromium: started once before its files (playwright-core's
 * `launchServer`), its WebSocket endpoint given to the test workers in their environment (CHROMIUM_ENDPOINT_VARIABLE),
 * closed after the run. `launchChromium()` connects to it and gives each caller a browser context
 * of its own, as fresh as a new profile (its own storage, service workers, cookies, permissions),
 * instead of launching and closing a Chromium per file or per test (about 1 s each). Callers that
 * need a process of their own (command-line flags, profile preferences) still launch one.
 *
 * Beside it, the test page is bundled once for the run (test-page.ts), its temp dir given to the
 * workers likewise (TEST_PAGE_VARIABLE) and removed after the run; `startTestPage()` only serves it.
 *
 * Without Chromium nothing is started or built: the tests skip (or fail under CI) with the reason, as before.
 */
import { chromium } from 'playwright-core'
import { CHROMIUM_ENDPOINT_VARIABLE, CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumAvailability } from './chromium.ts'
import { buildTestPage, removeTestPage, TEST_PAGE_VARIABLE } from './test-page.ts'

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (chromiumAvailability().kind !== 'available') return undefined
  // At once: esbuild and Chromium's start are each mostly another process's work.
  const [server, page] = await Promise.allSettled([
    chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS],
      timeout: 60_000,
    }),
    buildTestPage(),
  ])
  if (server.status === 'rejected') {
    if (page.status === 'fulfilled') await removeTestPage(page.value)
    throw server.reason
  }
  if (page.status === 'rejected') {
    await server.value.close()
    throw page.reason
  }
  process.env[CHROMIUM_ENDPOINT_VARIABLE] = server.value.wsEndpoint()
  process.env[TEST_PAGE_VARIABLE] = JSON.stringify(page.value)
  return async () => {
    delete process.env[CHROMIUM_ENDPOINT_VARIABLE]
    delete process.env[TEST_PAGE_VARIABLE]
    await Promise.all([server.value.close(), removeTestPage(page.value)])
  }
}

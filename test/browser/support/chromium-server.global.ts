/**
 * The browser project's one Chromium: started once before its files (playwright-core's
 * `launchServer`), its WebSocket endpoint given to the test workers in their environment (CHROMIUM_ENDPOINT_VARIABLE),
 * closed after the run. `launchChromium()` connects to it and gives each caller a browser context
 * of its own, as fresh as a new profile (its own storage, service workers, cookies, permissions),
 * instead of launching and closing a Chromium per file or per test (about 1 s each). Callers that
 * need a process of their own (command-line flags, profile preferences) still launch one.
 *
 * Without Chromium nothing is started: the tests skip (or fail under CI) with the reason, as before.
 */
import { chromium } from 'playwright-core'
import { CHROMIUM_ENDPOINT_VARIABLE, CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumAvailability } from './chromium.ts'

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (chromiumAvailability().kind !== 'available') return undefined
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    timeout: 60_000,
  })
  process.env[CHROMIUM_ENDPOINT_VARIABLE] = server.wsEndpoint()
  return async () => {
    delete process.env[CHROMIUM_ENDPOINT_VARIABLE]
    await server.close()
  }
}

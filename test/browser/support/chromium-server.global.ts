/**
 * The browser project's one Chromium: started once before its files (playwright-core's
 * `launchServer`), its WebSocket endpoint given to the test workers (`inject('chromiumWsEndpoint')`),
 * closed after the run. `launchChromium()` connects to it and gives each caller a browser context
 * of its own, as fresh as a new profile (its own storage, service workers, cookies, permissions),
 * instead of launching and closing a Chromium per file or per test (about 1 s each). Callers that
 * need a process of their own (command-line flags, profile preferences) still launch one.
 *
 * Without Chromium nothing is started: the tests skip (or fail under CI) with the reason, as before.
 */
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumAvailability } from './chromium.ts'

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (chromiumAvailability().kind !== 'available') return undefined
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    timeout: 60_000,
  })
  project.provide('chromiumWsEndpoint', server.wsEndpoint())
  return () => server.close()
}

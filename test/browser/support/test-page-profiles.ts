/**
 * The hooks a browser test file of the worker entry needs: the test page served before its tests,
 * and `browser()`, fresh Chromium storage per call (a new context of the shared Chromium, or a
 * profile of its own with preferences: so fresh origin storage, IndexedDB, BroadcastChannel peers),
 * its tabs sharing it with each other only; every one of them and the page closed after the file.
 */
import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { type ChromiumAvailability, type LaunchedChromium, launchChromium } from './chromium.ts'
import { startTestPage, type TestPage } from './test-page.ts'

export function testPageAndProfiles(availability: ChromiumAvailability) {
  let testPage: TestPage | undefined
  const launched: LaunchedChromium[] = []

  beforeAll(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    testPage = await startTestPage()
  }, 45_000)

  afterAll(async () => {
    await Promise.allSettled([...launched.map((chromium) => chromium.close()), testPage?.close()])
  }, 20_000)

  return {
    /** The test page's origin (once the hooks ran). */
    origin: (): string => testPage!.origin,
    /** Fresh storage (a Chromium of its own with a profile when `preferences` are given); closed after the file. */
    browser: async (preferences?: Record<string, unknown>): Promise<BrowserContext> => {
      const chromium = await launchChromium({ timeoutMs: 15_000, ...(preferences !== undefined && { preferences }) })
      launched.push(chromium)
      return chromium.context
    },
  }
}

/**
 * The behaviour suite in Chromium: every case, against the test page's simulator (the package's
 * browser entry behind msw's service worker), as it runs in-process and on the standalone server.
 */
import { describe } from 'vitest'
import { runConformance } from '../conformance/run-conformance.ts'
import { chromiumAvailability } from './support/chromium.ts'
import { chromiumPageTarget } from './support/page-target.ts'
import { startTestPage } from './support/test-page.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[conformance.browser] skipped: ${availability.reason}`)

describe.skipIf(availability.kind === 'skip')('in Chromium', () => {
  runConformance(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    return chromiumPageTarget(await startTestPage())
  })
})

/**
 * The dashboard's `useStore` (src/dashboard/page/store.ts), in headless Chromium: a change that lands
 * after a component's first render but before the browser's next frame is shown. The live feed
 * connects as the page starts, so its "live" can land right there; a hook that subscribed only in
 * `useEffect` (after the next frame) missed it, and the header said "Feed: connecting…" for good
 * (seen on a loaded machine: the dashboard tests waited 90 s for "Feed: live").
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumAvailability, type LaunchedChromium, launchChromium } from '../../browser/support/chromium.ts'

const availability = chromiumAvailability()
const title = availability.kind === 'skip' ? `useStore (skipped: ${availability.reason})` : 'useStore'

/** A page that renders a store's value, changes it in the same task, then reports what it shows. */
const PAGE = `
import { h, render } from 'preact'
import { createStore, useStore } from './store.ts'

const feed = createStore('connecting')
function Header() {
  return h('p', null, 'Feed: ' + useStore(feed))
}
render(h(Header, null), document.getElementById('root'))
// As an event source's "open" can: after the first render, before any effect of it has run.
feed.set('live')
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
  globalThis.shown = document.getElementById('root').textContent
})))
`

describe.skipIf(availability.kind === 'skip')(title, { timeout: 120_000 }, () => {
  let chromium: LaunchedChromium
  let script: string

  beforeAll(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    const bundle = await build({
      stdin: {
        contents: PAGE,
        resolveDir: fileURLToPath(new URL('../../../src/dashboard/page/', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      logLevel: 'silent',
    })
    script = bundle.outputFiles[0]?.text ?? ''
    chromium = await launchChromium({ timeoutMs: 60_000 })
  }, 120_000)

  afterAll(async () => {
    await chromium?.close()
  })

  it('shows a change made between the first render and its effects', async () => {
    const page = await chromium.context.newPage()
    await page.setContent('<div id="root"></div>')
    await page.addScriptTag({ content: script })
    await page.waitForFunction(() => (globalThis as { shown?: string }).shown !== undefined)
    expect(await page.evaluate(() => (globalThis as { shown?: string }).shown)).toBe('Feed: live')
  })
})

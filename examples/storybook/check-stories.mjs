/**
 * What CI asks of the built Storybook (`storybook build`, then `node check-stories.mjs`): every
 * entry of storybook-static/index.json, loaded in headless Chromium from a static server on
 * 127.0.0.1, renders without an error, its play function passes, and it shows what its
 * `parameters.simulator` asked for (EXPECTED below; a story missing from it fails, so a new story
 * comes with its expectation). Docs pages render each story in its own iframe: each must show its
 * story's content. Chromium: CHROMIUM_PATH, else /usr/bin/chromium. With STORYBOOK_URL (e.g.
 * http://127.0.0.1:6006 of `npm run storybook`), the same checks run against that Storybook instead.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { chromium } from 'playwright'

const ROOT = new URL('./storybook-static/', import.meta.url).pathname
const TIMEOUT_MS = 30_000

/** What each story shows once its world answered (text, or a pattern, the page must contain). */
const EXPECTED = {
  'debt-tokens-list--normal-world': ['4 debt tokens'],
  'debt-tokens-list--overdue': ['1 debt token', 'overdue'],
  'debt-tokens-list--slow-answer': ['4 debt tokens'],
  'debt-tokens-list--network-error': ['Could not load debt tokens: Failed to fetch'],
  'debt-tokens-list--large-world': ['100 debt tokens'],
  'debt-tokens-list--five-hundred-tokens': ['500 debt tokens'],
  'payments-form--stored': [/Payment \d+ stored/],
  'payments-form--refused': ['Payment refused: Insufficient balance in vault for amortization payment'],
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
}

const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '')
  try {
    const body = await readFile(join(ROOT, path.endsWith('/') ? `${path}index.html` : path))
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body)
  } catch {
    response.writeHead(404).end()
  }
})
const given = process.env.STORYBOOK_URL?.replace(/\/+$/, '')
if (given === undefined) await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = given ?? `http://127.0.0.1:${server.address().port}`

/** Records the preview's render events (Storybook's channel) in window.__storyEvents. */
const recordStoryEvents = () => {
  window.__storyEvents = []
  const names = ['storyRendered', 'docsRendered', 'storyErrored', 'storyThrewException', 'playFunctionThrewException']
  let channel
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(next) {
      channel = next
      for (const name of names)
        next.on(name, (detail) =>
          window.__storyEvents.push({ name, detail: String(detail?.message ?? detail?.description ?? '') }),
        )
    },
  })
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' })
const { entries } = await (await fetch(`${origin}/index.json`)).json()
const failures = []
const started = performance.now()
try {
  for (const entry of Object.values(entries)) {
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.addInitScript(recordStoryEvents)
    const problem = await check(page, entry).catch((error) => error.message.split('\n')[0])
    const all = [problem, ...errors].filter(Boolean)
    console.log(
      `${all.length === 0 ? '✓' : '✗'} ${entry.type} ${entry.id}${all.length === 0 ? '' : `: ${all.join('; ')}`}`,
    )
    if (all.length > 0) failures.push(entry.id)
    await context.close()
  }
} finally {
  await browser.close()
  if (server.listening) server.close()
}
console.log(`${Object.keys(entries).length} entries in ${Math.round(performance.now() - started)} ms`)
if (failures.length > 0) {
  console.error(`check-stories: ${failures.length} failed: ${failures.join(', ')}`)
  process.exit(1)
}

/** Loads one entry; answers what went wrong, or nothing. */
async function check(page, entry) {
  await page.goto(`${origin}/iframe.html?id=${entry.id}&viewMode=${entry.type === 'docs' ? 'docs' : 'story'}`)
  const done = entry.type === 'docs' ? 'docsRendered' : 'storyRendered'
  // Rendered (for a story: after its play function), or failed.
  const settled = (done) => window.__storyEvents.some(({ name }) => name === done || !name.endsWith('Rendered'))
  await page.waitForFunction(settled, done, { timeout: TIMEOUT_MS })
  const failed = (await page.evaluate(() => window.__storyEvents)).filter(({ name }) => !name.endsWith('Rendered'))
  if (failed.length > 0) return failed.map(({ name, detail }) => `${name} ${detail}`).join('; ')
  if (entry.type === 'story') return expectTexts(page.locator('#storybook-root'), entry.id)
  // A docs page: each of its stories in its own iframe (parameters.docs.story.inline: false).
  const stories = Object.values(entries).filter(
    (other) => other.type === 'story' && other.importPath === entry.importPath,
  )
  for (const story of stories) {
    const selector = `iframe[src$="id=${story.id}"]`
    // Docs iframes load lazily: only once scrolled into view.
    await page.locator(selector).first().scrollIntoViewIfNeeded()
    const problem = await expectTexts(page.frameLocator(selector).first().locator('#storybook-root'), story.id)
    if (problem) return problem
  }
}

async function expectTexts(root, id) {
  const texts = EXPECTED[id]
  if (texts === undefined) return `no expectation for ${id} in check-stories.mjs`
  for (const text of texts) {
    try {
      await root.getByText(text).first().waitFor({ timeout: TIMEOUT_MS })
    } catch {
      return `${id} never showed "${text}"`
    }
  }
}

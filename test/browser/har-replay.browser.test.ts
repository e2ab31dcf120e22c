/**
 * The exported HAR replays in Playwright (issue 34 item 3): a small page that reads users and
 * creates a manager payment through the standalone server, its journal exported from
 * `GET /__sim/journal.har`, the server stopped, and then Playwright's `page.routeFromHAR(file,
 * { notFound: 'abort' })` answers the same page from the file alone: it shows what it showed live,
 * and a request the file does not hold fails (nothing else answers). A network error (a scenario's
 * `networkError`, exported as status 0) replays as an empty 200, which Playwright makes of it:
 * docs/har-export.md says so, and what to do instead.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { SimHar } from '../../src/contract/control-har.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { chromiumAvailability, type LaunchedChromium, launchChromium } from './support/chromium.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[har-replay] skipped: ${availability.reason}`)

const USERS = ['8352e67d-f793-4f8b-9395-3666184dc725', 'b23fc8b4-6af1-422b-b0cc-892c7d7f25a6']
const PAYMENT = {
  managerAddress: '0x111927677a5a4fc8c2f1f755d13d4cde055a175e',
  tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
  amount: 1500,
  serie: 'SENIOR',
}

/** The page: same origin as the API, so no CORS; it writes what it read into #out, then shows #done. */
const APP = `<!doctype html><title>HAR app</title><pre id="out"></pre><script type="module">
const headers = { authorization: 'Bearer sk_page_secret', 'content-type': 'application/json' }
const lines = []
for (const id of ${JSON.stringify(USERS)}) {
  const user = await (await fetch('/users/' + id, { headers })).json()
  lines.push(user.personalData.fullName + ' <' + user.email + '>')
}
const created = await fetch('/manager', { method: 'POST', headers, body: ${JSON.stringify(JSON.stringify(PAYMENT))} })
const payment = await created.json()
lines.push('payment ' + created.status + ' ' + payment.id + ' ' + payment.status)
document.getElementById('out').textContent = lines.join('\\n')
document.body.insertAdjacentHTML('beforeend', '<p id="done">done</p>')
</script>`

async function showApp(page: Page, origin: string): Promise<string> {
  // Registered after routeFromHAR, so it takes the page itself first (Playwright tries the newest route first).
  await page.route(`${origin}/app.html`, (route) => route.fulfill({ contentType: 'text/html', body: APP }))
  await page.goto(`${origin}/app.html`)
  await page.locator('#done').waitFor()
  return (await page.locator('#out').textContent()) ?? ''
}

describe.skipIf(availability.kind === 'skip')('the exported HAR in Playwright’s routeFromHAR', () => {
  let chromium: LaunchedChromium | undefined
  let directory: string | undefined
  afterAll(async () => {
    await chromium?.close()
    if (directory !== undefined) await rm(directory, { recursive: true, force: true })
  })

  it('answers the page from the file with the simulator stopped, as the simulator answered it', async () => {
    const server: StandaloneServer = await startStandaloneServer({ port: 0, host: '127.0.0.1' })
    const origin = server.url
    chromium = await launchChromium({ timeoutMs: 30_000 })
    let live: string
    try {
      const page = await chromium.context.newPage()
      live = await showApp(page, origin)
      await page.close()
      const response = await fetch(`${origin}/__sim/journal.har`)
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).not.toContain('sk_page_secret')
      const har = SimHar.parse(JSON.parse(text))
      expect(har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`)).toEqual([
        ...USERS.map((id) => `GET /users/${id}`),
        'POST /manager',
      ])
      directory = await mkdtemp(join(tmpdir(), 'har-replay-'))
      await writeFile(join(directory, 'journal.har'), text)
    } finally {
      await server.close()
    }
    expect(live).toMatch(/^.+ <.+@.+>\n.+ <.+@.+>\npayment 200 \d+ success$/)
    expect(await fetch(`${origin}/users/${USERS[0]}`).catch(() => 'refused')).toBe('refused')

    const replayed = await chromium.context.newPage()
    await replayed.routeFromHAR(join(directory, 'journal.har'), { url: `${origin}/**`, notFound: 'abort' })
    expect(await showApp(replayed, origin)).toBe(live)
    // Only the file answers: a request it does not hold is aborted, as the stopped server would leave it.
    const missing = await replayed.evaluate(() =>
      fetch('/users/not-in-the-file').then(
        (answer) => `answered ${answer.status}`,
        () => 'failed',
      ),
    )
    expect(missing).toBe('failed')
  }, 90_000)

  it('replays a network error (status 0) as an empty 200: Playwright does not model one, as the docs say', async () => {
    const server: StandaloneServer = await startStandaloneServer({ port: 0, host: '127.0.0.1' })
    const origin = server.url
    chromium ??= await launchChromium({ timeoutMs: 30_000 })
    const fetchUser = (page: Page) =>
      page.evaluate(
        (id) =>
          fetch(`/users/${id}`, { headers: { authorization: 'Bearer t' } }).then(
            async (answer) => `answered ${answer.status} ${JSON.stringify(await answer.text())}`,
            () => 'failed',
          ),
        USERS[0]!,
      )
    const blank = (page: Page) =>
      page
        .route(`${origin}/blank.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>x</title>' }))
        .then(() => page.goto(`${origin}/blank.html`))
    let text: string
    try {
      const scenario = {
        description: 'users fail at the network level',
        rules: [{ operation: 'getUser', networkError: true }],
      }
      const activated = await fetch(`${origin}/__sim/scenario`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario }),
      })
      expect(activated.status).toBe(200)
      const page = await chromium.context.newPage()
      await blank(page)
      expect(await fetchUser(page)).toBe('failed')
      await page.close()
      text = await (await fetch(`${origin}/__sim/journal.har?operation=getUser`)).text()
    } finally {
      await server.close()
    }
    const [entry] = SimHar.parse(JSON.parse(text)).log.entries
    expect(entry!.response.status).toBe(0)
    directory ??= await mkdtemp(join(tmpdir(), 'har-replay-'))
    await writeFile(join(directory, 'network-error.har'), text)

    const replayed = await chromium.context.newPage()
    await replayed.routeFromHAR(join(directory, 'network-error.har'), { url: `${origin}/users/**`, notFound: 'abort' })
    await blank(replayed)
    expect(await fetchUser(replayed)).toBe('answered 200 ""')
    const docs = readFileSync(new URL('../../docs/har-export.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')
    expect(docs).toMatch(/status 0\)? replays under Playwright's `routeFromHAR` as an empty 200/)
  }, 90_000)
})

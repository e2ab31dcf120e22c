/**
 * What a web page can do to the simulator, in real headless Chromium (issue 20, findings 4, 6 and
 * 11): a page on a foreign origin cannot open sessions with X-Sim-Session (its preflight is
 * refused) while it still calls the API itself; an API answer does not render as a page; the
 * dashboard's "Copy as curl" of a request whose body holds an ESC copies no control character.
 *
 * Skipped with the reason when Chromium is missing locally; fails under CI (test/browser/support).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { chromiumAvailability, type LaunchedChromium, launchChromium } from '../browser/support/chromium.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[hostile browser] skipped: ${availability.reason}`)
const title = availability.kind === 'skip' ? `pages (skipped: ${availability.reason})` : 'pages'

/**
 * A page on an origin that is neither loopback nor given with --control-origin. Its name resolves
 * to 127.0.0.1, as a rebound or local-network name would: a page Chromium counts as public may not
 * call loopback at all (Private Network Access), which would hide what the simulator does.
 */
const FOREIGN_NAME = 'evil.example.test'

describe.skipIf(availability.kind === 'skip')(title, { timeout: 120_000 }, () => {
  let server: StandaloneServer
  let chromium: LaunchedChromium
  let page: Page
  let pages: Server
  let foreign = ''

  beforeAll(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    server = await startStandaloneServer({ port: 0, sessionLimit: 5 })
    pages = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>evil</title>'),
    )
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
    foreign = `http://${FOREIGN_NAME}:${(pages.address() as AddressInfo).port}`
    chromium = await launchChromium({
      timeoutMs: 60_000,
      args: [`--host-resolver-rules=MAP ${FOREIGN_NAME} 127.0.0.1`],
    })
    page = await chromium.context.newPage()
  }, 120_000)

  afterAll(async () => {
    await chromium?.close()
    await server?.close()
    pages?.close()
  })

  it('a foreign page calls the API, but cannot open sessions or steer scenarios', async () => {
    await page.goto(`${foreign}/`)
    const outcomes = await page.evaluate(async (url) => {
      const attempt = async (headers: Record<string, string>) => {
        try {
          return String(
            (await fetch(`${url}/securityToken`, { headers: { authorization: 'Bearer x', ...headers } })).status,
          )
        } catch {
          return 'refused'
        }
      }
      const plain = await attempt({})
      const sessions = await Promise.all(
        Array.from({ length: 10 }, (_, i) => attempt({ 'x-sim-session': `evil-${i}` })),
      )
      const scenario = await attempt({ 'x-sim-scenario': 'flaky-backend' })
      return { plain, sessions, scenario }
    }, server.url)
    expect(outcomes.plain).toBe('200') // open CORS for the API itself: the page did reach the server
    expect(outcomes.sessions).toEqual(Array(10).fill('refused'))
    expect(outcomes.scenario).toBe('refused')
    const list = (await (await fetch(`${server.url}/__sim/sessions`)).json()) as { sessions: unknown[] }
    expect(list.sessions).toEqual([])
  })

  it('an API answer opened as a document is not a page: nothing in it runs', async () => {
    // A rule may not make the answer HTML; a JSON answer holding markup stays inert under nosniff and the CSP.
    const refused = await fetch(`${server.url}/__sim/scenario`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scenario: {
          description: 'page',
          rules: [{ operation: '*', respond: { status: 500, message: 'x', headers: { 'Content-Type': 'text/html' } } }],
        },
      }),
    })
    expect(refused.status).toBe(400)
    await fetch(`${server.url}/__sim/scenario`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scenario: {
          description: 'markup in the message',
          rules: [
            { operation: '*', respond: { status: 500, message: '<script>document.title="ran"</script><b>x</b>' } },
          ],
        },
      }),
    })
    try {
      await page.goto(`${server.url}/securityToken`)
      expect(await page.title()).not.toBe('ran')
      expect(await page.locator('b').count()).toBe(0)
    } finally {
      await fetch(`${server.url}/__sim/scenario`, { method: 'DELETE' })
    }
  })

  it('"Copy as curl" of a body holding an ESC copies no control character', async () => {
    await fetch(`${server.url}/__sim/journal`, { method: 'DELETE' })
    await page.goto(`${server.url}/__sim/ui`)
    await page.getByText('Feed: live').waitFor({ timeout: 90_000 })
    await page.getByRole('tab', { name: 'Journal' }).click()
    await fetch(`${server.url}/investor`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: '{"note":"\u001b[2J\u001b]0;pwned\u0007"}',
    })
    await page.getByRole('button', { name: /^Show exchange 1: POST \/investor/ }).click()
    await page.getByRole('button', { name: 'Copy as curl' }).click()
    const command = (await page.locator('pre.curl').textContent()) ?? ''
    expect(command).toContain(`--data-raw $'{"note":"\\x1b[2J\\x1b]0;pwned\\x07"}'`)
    expect(command).not.toMatch(/\p{Cc}/u)
  })
})

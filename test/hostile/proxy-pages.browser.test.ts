/**
 * `serve --proxy` as a trust boundary, in real headless Chromium (issue 31, findings 4 and 5):
 * - a page on a foreign origin cannot use the operator's `--token`: its read and its JSON write of
 *   a forwarded operation fail, and the service receives neither; without a token the same page
 *   calls the service with its own credentials and reads the answer, as it calls the simulator;
 * - a real answer the service labels `text/html`, whose body parses as JSON and holds a script,
 *   with its own `Content-Security-Policy: script-src 'unsafe-inline'`, is not a page on the
 *   simulator's origin: opened as a document, nothing in it runs.
 * The service is a node:http server on 127.0.0.1 that logs what it receives.
 *
 * Skipped with the reason when Chromium is missing locally; fails under CI (test/browser/support).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { chromiumAvailability, type LaunchedChromium, launchChromium } from '../browser/support/chromium.ts'
import { listen } from '../support/real-service.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[hostile proxy browser] skipped: ${availability.reason}`)
const title = availability.kind === 'skip' ? `pages (skipped: ${availability.reason})` : 'pages'

/** A foreign page's host, resolved to 127.0.0.1 (see browser-pages.browser.test.ts for why not a public name). */
const FOREIGN_NAME = 'evil.example.test'
const TOKEN = 'operator-secret'

/** An answer that is a page to a browser that trusts its label: a script that resets the simulator. */
const PAGE = JSON.stringify({
  note: "<script>document.title='ran';fetch('/__sim/scenario',{method:'DELETE'})</script>",
})

describe.skipIf(availability.kind === 'skip')(title, { timeout: 120_000 }, () => {
  let service: Awaited<ReturnType<typeof listen>>
  const received: { target: string; headers: IncomingMessage['headers'] }[] = []
  let withToken: StandaloneServer
  let withoutToken: StandaloneServer
  let chromium: LaunchedChromium
  let page: Page
  let pages: Server
  let foreign = ''

  beforeAll(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    service = await listen((request, response) => {
      received.push({ target: `${request.method} ${request.url}`, headers: request.headers })
      if (request.url?.startsWith('/users/page')) {
        response.writeHead(200, {
          'content-type': 'text/html',
          'content-security-policy': "script-src 'unsafe-inline'",
        })
        response.end(PAGE)
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ from: 'the service', authorization: request.headers.authorization ?? null }))
    })
    withToken = await startStandaloneServer({ port: 0, proxy: { url: service.url, token: TOKEN } })
    withoutToken = await startStandaloneServer({ port: 0, proxy: { url: service.url } })
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
    await withToken?.close()
    await withoutToken?.close()
    await service?.close()
    pages?.close()
  })

  /** A foreign page reads `GET /users/u1` and writes `POST /manager` (JSON) through `url`, with `authorization` if given. */
  async function fromForeignPage(url: string, authorization?: string) {
    await page.goto(`${foreign}/`)
    return page.evaluate(
      async ({ url, authorization }) => {
        const headers: Record<string, string> = authorization === undefined ? {} : { authorization }
        const attempt = async (init: RequestInit) => {
          try {
            const answer = await fetch(`${url}${init.method === 'POST' ? '/manager' : '/users/u1'}`, init)
            return { status: answer.status, body: await answer.text() }
          } catch {
            return { status: 'refused' as const, body: '' }
          }
        }
        return {
          read: await attempt({ headers }),
          write: await attempt({
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ managerAddress: '0x1' }),
          }),
        }
      },
      { url, authorization },
    )
  }

  it("a foreign page cannot use the operator's token: its read and its JSON write reach nothing", async () => {
    const before = received.length
    const outcome = await fromForeignPage(withToken.url)
    expect(outcome.read.status).toBe(403)
    expect(outcome.read.body).toContain("operation forwarded with the proxy's --token is not answered for the origin")
    expect(outcome.write.status).toBe(403)
    expect(received.length).toBe(before)
  })

  it('without a token, the same page calls the service with its own credentials and reads the answer', async () => {
    const outcome = await fromForeignPage(withoutToken.url, 'Bearer the-pages-own')
    expect(outcome.read.status).toBe(200)
    expect(JSON.parse(outcome.read.body)).toEqual({ from: 'the service', authorization: 'Bearer the-pages-own' })
    expect(outcome.write.status).toBe(200)
    expect(received.at(-1)).toMatchObject({
      target: 'POST /manager',
      headers: { authorization: 'Bearer the-pages-own' },
    })
  })

  it("a proxied answer labelled text/html is not a page: its script does not run on the simulator's origin", async () => {
    const scenario = {
      description: 'kept',
      rules: [{ operation: 'getSignatureContract', respond: { status: 503, message: 'down' } }],
    }
    const activated = await fetch(`${withToken.url}/__sim/scenario`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario }),
    })
    expect(activated.status).toBe(200)
    const opened = await page.goto(`${withToken.url}/users/page`)
    expect(opened?.status()).toBe(200)
    expect(await page.title()).not.toBe('ran')
    // Had the script run, its DELETE would have ended the scenario.
    const still = (await (await fetch(`${withToken.url}/__sim/scenario`)).json()) as { description?: string }
    expect(JSON.stringify(still)).toContain('kept')
  })
})

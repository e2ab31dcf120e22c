/**
 * HAR in, as a QA engineer meets it: a small page in headless Chromium uses the API on a standalone
 * server (the built command) while Playwright records the session (`recordHar`); the built
 * command's `scenarios from-har --world` turns the HAR into a scenario and a world. The scenario
 * replays green against that same server (the replay runs in a fresh session of its own); the
 * world, the state the session started from, starts a new server (`serve --fixtures`) that answers
 * the page's reads as the seeded one did before the session wrote, and the session, which creates,
 * updates and reads back, replays green against it; against a server whose data differs the
 * replay reports the difference by field.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, projectRoot, type StartedServer, startCli } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'
import { chromiumAvailability, launchChromium } from './support/chromium.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[har-in] skipped: ${availability.reason}`)

const MANAGER = '0x111927677a5a4fc8c2f1f755d13d4cde055a175e'
const TOKEN = '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'
const USER = '8352e67d-f793-4f8b-9395-3666184dc725'
const PAYMENTS = `/manager/${MANAGER}/${TOKEN}`
const SECRET = 'qa-session-token'

/** The page: reads, a create, an update of a payment it read, and the reads that show both, as an app's payments screen would. */
function pageHtml(api: string): string {
  const script = `
    const api = ${JSON.stringify(api)}
    const headers = { authorization: 'Bearer ${SECRET}' }
    const get = (path) => fetch(api + path, { headers }).then((answer) => answer.json())
    const run = async () => {
      await get('/securityToken')
      await get(${JSON.stringify(PAYMENTS)})
      await fetch(api + '/manager', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ managerAddress: '${MANAGER}', tokenAddress: '${TOKEN}', amount: 1250, serie: 'SENIOR', date: '2026-03-01T10:00:00.000Z', status: 'PENDING', type: 'JUROS' }),
      })
      await get(${JSON.stringify(PAYMENTS)})
      await fetch(api + '/manager/${TOKEN}/2', {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ hash: '0x${'ab'.repeat(32)}', date: '2026-03-02T10:00:00.000Z', status: 'PAID', amount: 777 }),
      })
      await get(${JSON.stringify(PAYMENTS)})
      await get('/users/${USER}')
      document.body.dataset.done = 'yes'
    }
    run().catch((error) => { document.body.dataset.done = 'failed: ' + error })`
  return `<!doctype html><html><head><title>payments</title></head><body><script>${script}</script></body></html>`
}

/** Serves the page on 127.0.0.1 (another origin than the API's, as an app's dev server is). */
async function servePage(html: string) {
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(html)
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' })
      response.end('no such file')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function command(args: string[], cwd = projectRoot) {
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8' })
  return { code: result.status, out: result.stdout, err: result.stderr }
}

async function answer(server: StartedServer, path: string): Promise<unknown> {
  return (await fetch(`${server.url}${path}`, { headers: { authorization: 'Bearer reader' } })).json()
}

describe.skipIf(availability.kind === 'skip')('a HAR recorded by Playwright in Chromium', () => {
  it('becomes a scenario that replays green against the server, and a world that starts a new one with its data', async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    const dir = temporaryDirectory('dts-har-in-')
    const har = join(dir, 'session.har')
    const servers: StartedServer[] = []
    try {
      const server = await startCli(['--quiet'])
      servers.push(server)
      const page = await servePage(pageHtml(server.url))
      const chromium = await launchChromium({ timeoutMs: 60_000, recordHar: { path: har } })
      try {
        const tab = await chromium.context.newPage()
        await tab.goto(page.url)
        await tab.waitForFunction(() => document.body.dataset.done !== undefined, undefined, { timeout: 60_000 })
        expect(await tab.evaluate(() => document.body.dataset.done)).toBe('yes')
      } finally {
        await chromium.close() // writes the HAR
        await page.close()
      }

      const converted = command(['scenarios', 'from-har', har, '--world', join(dir, 'world')])
      expect(converted.err).toBe('')
      expect(converted.code).toBe(0)
      expect(converted.out).toContain(`wrote ${join(dir, 'session.scenario.json')}: 7 steps from `)
      expect(converted.out).toContain('left out of the world 1 record the session created')
      expect(converted.out).toContain('left out 1 entry: not a path of the API (a page, an asset, another service)')
      const scenarioFile = join(dir, 'session.scenario.json')
      expect(readFileSync(scenarioFile, 'utf8')).not.toContain(SECRET)

      // Against the server it was recorded from: a fresh session of its own, so the seeded world.
      const replayed = command(['replay', scenarioFile, '--url', server.url, '--token', SECRET])
      expect(replayed.out).toContain('7 passed, 0 failed')
      expect(replayed.code).toBe(0)

      // The world is where the session started: a new server from it answers the reads as the
      // seeded one did before the session wrote, and the session replays green against it.
      const fromWorld = await startCli(['--quiet', '--fixtures', join(dir, 'world')])
      servers.push(fromWorld)
      const seeded = await startCli(['--quiet'])
      servers.push(seeded)
      for (const path of ['/securityToken', PAYMENTS, `/users/${USER}`])
        expect(await answer(fromWorld, path), path).toEqual(await answer(seeded, path))
      const againstWorld = command(['replay', scenarioFile, '--url', fromWorld.url, '--token', SECRET])
      expect(againstWorld.out).toContain('7 passed, 0 failed')
      expect(againstWorld.code).toBe(0)

      // A simulator whose data differs: the replay names each field that differs.
      const changed = join(dir, 'changed')
      command(['scenarios', 'from-har', har, '--out', '-', '--world', changed])
      const payments = JSON.parse(readFileSync(join(changed, 'manager-payments.json'), 'utf8'))
      payments[0].amount = 99
      payments[0].status = 'CANCELED'
      writeFileSync(join(changed, 'manager-payments.json'), JSON.stringify(payments))
      const other = await startCli(['--quiet', '--fixtures', changed])
      servers.push(other)
      const differing = command(['replay', scenarioFile, '--url', other.url, '--token', SECRET])
      expect(differing.code).toBe(1)
      expect(differing.out).toContain('body[0].amount: expected 31000, got 99')
      expect(differing.out).toContain('body[0].status: expected "PAID", got "CANCELED"')
    } finally {
      for (const server of servers) await server.stop()
    }
  }, 180_000)
})

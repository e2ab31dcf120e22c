/**
 * `serve --proxy --token`: the operator's token is kept nowhere, even when the service echoes it.
 * A service that writes the Authorization it received into its answer's body and headers (and
 * into a value that drifts, and into a page the proxy answers 502 for, quoting it) has its answers
 * journaled, exported as HAR, sent as live events, logged and recorded without the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { listen } from '../support/real-service.ts'
import { fixtures } from '../support/world.ts'

const TOKEN = 'operator/secret-4f7c9e'
/** The token as a JSON writer that escapes `/` writes it. */
const ESCAPED = TOKEN.replaceAll('/', '\\/')
const user = fixtures.users[0]!

let service: Awaited<ReturnType<typeof listen>>
let proxy: StandaloneServer
const log: string[] = []
const events: unknown[] = []

beforeAll(async () => {
  service = await listen((request, response) => {
    const authorization = request.headers.authorization ?? ''
    const token = authorization.replace(/^Bearer /, '')
    if (request.url?.startsWith('/users/')) {
      // Echoed as a value, inside a longer one, escaped as some JSON writers do, and in a header.
      response.writeHead(200, { 'content-type': 'application/json', 'x-echo': authorization })
      response.end(
        `{"id":"${user.id}","seen":"${authorization}","walletAddress":"${token}","note":"from ${token.replaceAll('/', '\\/')}"}`,
      )
    } else {
      response.writeHead(503, { 'content-type': 'text/html', 'x-echo': authorization })
      response.end(`<p>refused ${authorization}</p>`)
    }
  })
  proxy = await startStandaloneServer({
    port: 0,
    proxy: { url: service.url, token: TOKEN },
    log: 'normal',
    logSink: (line) => log.push(line),
  })
  proxy.simulator.journal.onExchange((entry) => events.push(entry))
})
afterAll(async () => {
  await proxy?.close()
  await service?.close()
})

const text = async (path: string, init?: RequestInit) => {
  const answer = await fetch(`${proxy.url}${path}`, init)
  expect(answer.status, path).toBe(200)
  return answer.text()
}

describe('the proxy token, echoed by the service', () => {
  it('is in none of the journal, the HAR export, the live events, the log and the recording', async () => {
    await text('/__sim/recording', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' })
    const echoed = await fetch(`${proxy.url}/users/${user.id}`)
    // The client gets the service's answer as it came: the echo is real.
    expect(echoed.headers.get('x-echo')).toBe(`Bearer ${TOKEN}`)
    expect(await echoed.text()).toContain(TOKEN)
    const refused = await fetch(`${proxy.url}/securityToken`)
    expect(refused.status).toBe(502) // the proxy's, quoting the page

    const journal = await text('/__sim/journal')
    const entries = JSON.parse(journal).entries as { proxy?: { drift: string[]; failure?: string } }[]
    expect(entries.filter((entry) => entry.proxy !== undefined)).toHaveLength(2)
    const kept = {
      journal,
      har: await text('/__sim/journal.har'),
      recording: await text('/__sim/recording/scenario'),
      events: JSON.stringify(events),
      log: log.join('\n'),
    }
    for (const [where, held] of Object.entries(kept)) {
      expect(held, where).not.toContain(TOKEN)
      expect(held, where).not.toContain(ESCAPED)
    }
    // Masked where it was, the rest kept.
    expect(journal).toContain('"seen\\":\\"Bearer ***\\"')
    expect(kept.har).toContain('x-echo')
  })
})

/**
 * `serve --proxy` when the real service fails: no answer within the time-out is a 504, a refused
 * connection, an answer that is not JSON, one whose body cannot be decoded (a bad gzip) and a
 * redirect are 502s, all in the documented error shape and journaled; nothing is sent to any host but the one named; the server goes on answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { listen } from '../support/real-service.ts'
import { expectErrorShape } from '../support/world.ts'

const AUTH = { authorization: 'Bearer qa-token' }
/** Short, so the test waits little; the default is 10 s. */
const TIMEOUT_MS = 300

type Listening = Awaited<ReturnType<typeof listen>>
let silent: Listening
let stalling: Listening
let html: Listening
let elsewhere: Listening
let redirecting: Listening
let badGzip: Listening
let elsewhereHits = 0

beforeAll(async () => {
  silent = await listen(() => {}) // accepts, reads, never answers
  stalling = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write('[{"contractAddress":') // then nothing more
  })
  html = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end('<html><body>Maintenance</body></html>')
  })
  elsewhere = await listen((_request, response) => {
    elsewhereHits++
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('[]')
  })
  redirecting = await listen((_request, response) => {
    response.writeHead(302, { location: `${elsewhere.url}/securityToken` })
    response.end()
  })
  badGzip = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    response.end('these bytes are not gzip')
  })
})
afterAll(async () => {
  for (const server of [silent, stalling, html, elsewhere, redirecting, badGzip]) await server?.close()
})

async function through(url: string, path = '/securityToken') {
  const proxy: StandaloneServer = await startStandaloneServer({ port: 0, proxy: { url, timeoutMs: TIMEOUT_MS } })
  try {
    const answer = await fetch(`${proxy.url}${path}`, { headers: AUTH })
    const reply = { status: answer.status, json: await answer.json() }
    // Still standing: the simulator's own control API answers after the failure.
    expect((await fetch(`${proxy.url}/__sim/health`)).status).toBe(200)
    return { reply, entry: proxy.simulator.journal.list().at(-1)! }
  } finally {
    await proxy.close()
  }
}

describe('serve --proxy when the service fails', () => {
  it('answers 504 when the service does not answer within --proxy-timeout', async () => {
    const { reply, entry } = await through(silent.url)
    expect(expectErrorShape(reply, 504)).toBe(
      `the service at ${silent.url} did not answer GET /securityToken within ${TIMEOUT_MS} ms (--proxy-timeout)`,
    )
    expect(reply.json.error).toBe('Gateway Timeout')
    expect(entry).toMatchObject({ status: 504, proxy: { status: null, failure: reply.json.message } })
  })

  it('answers 504 when the body stops coming before the time-out, with the status the service began with', async () => {
    const { reply, entry } = await through(stalling.url)
    expect(expectErrorShape(reply, 504)).toMatch(/did not answer GET \/securityToken within 300 ms/)
    expect(entry.proxy).toMatchObject({ status: 200, failure: reply.json.message })
  })

  it('answers 502 when the connection is refused', async () => {
    const gone = await listen(() => {})
    await gone.close() // a port nothing listens on any more
    const { reply, entry } = await through(gone.url)
    expect(expectErrorShape(reply, 502)).toMatch(
      new RegExp(`^the service at ${gone.url} could not be reached for GET /securityToken: .*ECONNREFUSED`),
    )
    expect(entry.proxy).toMatchObject({ status: null, drift: [] })
  })

  it('answers 502 when the service answers something that is not JSON, and quotes it', async () => {
    const { reply, entry } = await through(html.url)
    expect(expectErrorShape(reply, 502)).toBe(
      `the service at ${html.url} answered GET /securityToken with 200 and a body that is not JSON (content-type text/html): <html><body>Maintenance</body></html>`,
    )
    expect(entry.proxy).toMatchObject({
      status: 200,
      drift: ['the answer (200) has a body that is not JSON (content-type text/html)'],
    })
  })

  it('answers 502 when the body cannot be decoded (a bad gzip), saying so: the service was reached', async () => {
    const { reply, entry } = await through(badGzip.url)
    expect(expectErrorShape(reply, 502)).toMatch(
      new RegExp(
        `^the service at ${badGzip.url} answered GET /securityToken with 200 and a body that could not be decoded \\(content-encoding gzip: .+\\)$`,
      ),
    )
    expect(reply.json.error).toBe('Bad Gateway')
    expect(entry).toMatchObject({ status: 502, proxy: { status: 200, failure: reply.json.message } })
    expect(entry.proxy!.drift).toEqual([
      'the answer (200) has a body that could not be decoded (content-encoding gzip)',
    ])
  })

  it('answers 502 for a redirect and never follows it to another host', async () => {
    const { reply } = await through(redirecting.url)
    expect(expectErrorShape(reply, 502)).toMatch(
      /with a redirect \(302 to http:\/\/127\.0\.0\.1:\d+\/securityToken\): the proxy forwards to .* only and follows no redirect/,
    )
    expect(elsewhereHits).toBe(0)
  })

  it('keeps a base path, and appends the path and query to it on the same host', async () => {
    let seen = ''
    const prefixed = await listen((request, response) => {
      seen = request.url ?? ''
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('[]')
    })
    try {
      const { reply } = await through(
        `${prefixed.url}/api/v1/`,
        '/manager/debt-tokens/0x2cf5faf964d51725a1efdd632ab2a990f3f155c3?x=1',
      )
      expect(reply.status).toBe(200)
      expect(seen).toBe('/api/v1/manager/debt-tokens/0x2cf5faf964d51725a1efdd632ab2a990f3f155c3?x=1')
    } finally {
      await prefixed.close()
    }
  })
})

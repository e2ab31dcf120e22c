/**
 * `serve --proxy` is a trust boundary (issue 31, findings 4 and 5), over real HTTP against a fake
 * service on 127.0.0.1:
 * - a real answer is served from the simulator's origin, so it is served as JSON under the
 *   simulator's nosniff and CSP, and none of the service's browser-policy, CORS or framing headers
 *   passes (the list a scenario rule may not set), even when the service labels JSON as HTML;
 * - with `--token`, a forwarded operation follows the control API's origin rule: a foreign Origin
 *   or a rebound Host gets a 403 and the service sees nothing; without a token, pages call the
 *   service with their own credentials, as before;
 * - the request headers the service gets are exactly those docs/proxy.md lists.
 */
import { readFileSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { listen } from '../support/real-service.ts'
import { expectErrorShape, fixtures } from '../support/world.ts'

const user = fixtures.users[0]!
const TOKEN = 'operator-secret'
const FOREIGN = 'http://evil.example'

/** What a hostile or careless service adds to an answer: each would change how a browser treats it. */
const HOSTILE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "script-src 'unsafe-inline'",
  'x-content-type-options': 'sniff',
  refresh: '0; url=http://evil.example/',
  location: 'http://evil.example/',
  link: '<http://evil.example/x.js>; rel=preload; as=script',
  'clear-site-data': '"*"',
  'service-worker-allowed': '/',
  'strict-transport-security': 'max-age=31536000',
  'x-frame-options': 'ALLOWALL',
  'set-cookie': 'stolen=1; Path=/',
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  'content-disposition': 'attachment; filename=page.html',
  'cross-origin-resource-policy': 'cross-origin',
  'permissions-policy': 'camera=*',
  'referrer-policy': 'unsafe-url',
  'x-sim-scenario': 'forged',
  via: '1.1 elsewhere',
}
/** What describes the answer, and passes. */
const BENIGN_HEADERS: Readonly<Record<string, string>> = {
  etag: '"v1"',
  'cache-control': 'no-store',
  'retry-after': '5',
  'x-request-id': 'req-1',
}

/** A body that parses as JSON and is a page to a browser that sniffs it. */
const PAGE_AS_JSON = JSON.stringify({ note: '<script>fetch("/__sim/reset",{method:"POST"})</script>' })

let service: Awaited<ReturnType<typeof listen>>
const received: { target: string; headers: IncomingMessage['headers'] }[] = []

beforeAll(async () => {
  service = await listen((request, response) => {
    received.push({ target: `${request.method} ${request.url}`, headers: request.headers })
    response.writeHead(200, { ...HOSTILE_HEADERS, ...BENIGN_HEADERS })
    response.end(PAGE_AS_JSON)
  })
})
afterAll(async () => {
  await service?.close()
})

describe('serve --proxy', () => {
  describe("a real answer's headers", () => {
    let proxy: StandaloneServer
    beforeAll(async () => {
      proxy = await startStandaloneServer({ port: 0, proxy: { url: service.url } })
    })
    afterAll(async () => {
      await proxy?.close()
    })

    it("are the simulator's where they set browser policy, and the answer is JSON", async () => {
      const answer = await fetch(`${proxy.url}/users/${user.id}`, {
        headers: { authorization: 'Bearer page', origin: 'http://localhost:5173' },
      })
      expect(answer.status).toBe(200)
      expect(await answer.text()).toBe(PAGE_AS_JSON) // the body as the service gave it
      expect(answer.headers.get('content-type')).toBe('application/json')
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      const simulatorSets = [
        'content-type',
        'x-content-type-options',
        'content-security-policy',
        'access-control-allow-origin',
      ]
      for (const name of Object.keys(HOSTILE_HEADERS).filter((name) => !simulatorSets.includes(name)))
        expect(answer.headers.get(name), name).toBeNull()
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173') // the simulator's CORS
      for (const [name, value] of Object.entries(BENIGN_HEADERS)) expect(answer.headers.get(name), name).toBe(value)
      // The service's label is drift, reported where drift is.
      expect(answer.headers.get('x-sim-drift')).not.toBeNull()
      expect(proxy.simulator.journal.list().at(-1)!.proxy!.drift).toContain(
        'content-type is "text/html; charset=utf-8", the contract says application/json',
      )
    })
  })

  describe('with --token', () => {
    let proxy: StandaloneServer
    beforeAll(async () => {
      proxy = await startStandaloneServer({
        port: 0,
        proxy: { url: service.url, token: TOKEN },
        controlOrigins: ['https://qa.example.com'],
      })
    })
    afterAll(async () => {
      await proxy?.close()
    })

    const sent = (target: string) => received.filter((request) => request.target === target).length

    it('refuses a foreign page, a read and a JSON write alike, and the service sees neither', async () => {
      const before = received.length
      const read = await fetch(`${proxy.url}/users/${user.id}`, { headers: { origin: FOREIGN } })
      expect(expectErrorShape({ status: read.status, json: await read.json() }, 403)).toBe(
        `an operation forwarded with the proxy's --token is not answered for the origin "${FOREIGN}": start the server with --control-origin ${FOREIGN} to allow it`,
      )
      const write = await fetch(`${proxy.url}/manager`, {
        method: 'POST',
        headers: { origin: FOREIGN, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(write.status).toBe(403)
      const opaque = await fetch(`${proxy.url}/users/${user.id}`, { headers: { origin: 'null' } })
      expect(opaque.status).toBe(403)
      expect(received.length).toBe(before)
    })

    it('refuses a rebound Host while listening on loopback (DNS rebinding), as the control API does', async () => {
      const before = received.length
      const { port } = new URL(proxy.url)
      const status = await new Promise<number>((resolve, reject) => {
        const headers = { host: `evil.example:${port}` }
        httpRequest({ host: '127.0.0.1', port, path: `/users/${user.id}`, headers }, (answer) => {
          answer.resume()
          resolve(answer.statusCode ?? 0)
        })
          .on('error', reject)
          .end()
      })
      expect(status).toBe(403)
      expect(received.length).toBe(before)
    })

    it('lends the token to callers the control API answers: no Origin, a loopback page, a --control-origin', async () => {
      for (const origin of [undefined, 'http://localhost:5173', 'http://127.0.0.1:3000', 'https://qa.example.com']) {
        const before = sent(`GET /users/${user.id}`)
        const answer = await fetch(`${proxy.url}/users/${user.id}`, {
          headers: origin === undefined ? {} : { origin },
        })
        expect(answer.status, origin).toBe(200)
        expect(sent(`GET /users/${user.id}`), origin).toBe(before + 1)
        expect(received.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`)
      }
    })
  })

  describe('without --token', () => {
    it("forwards a foreign page's call with the page's own credentials", async () => {
      const proxy = await startStandaloneServer({ port: 0, proxy: { url: service.url } })
      try {
        const answer = await fetch(`${proxy.url}/users/${user.id}`, {
          headers: { origin: FOREIGN, authorization: 'Bearer the-pages-own' },
        })
        expect(answer.status).toBe(200)
        expect(answer.headers.get('access-control-allow-origin')).toBe(FOREIGN)
        expect(received.at(-1)!.headers.authorization).toBe('Bearer the-pages-own')
      } finally {
        await proxy.close()
      }
    })
  })

  describe('the request headers the service gets', () => {
    /** The header names docs/proxy.md's Headers item lists as sent, before what it says is dropped. */
    function documented(): string[] {
      const docs = readFileSync(new URL('../../docs/proxy.md', import.meta.url), 'utf8')
      const item = docs.slice(docs.indexOf('- **Headers.**'))
      const sent = item.slice(0, item.search(/Everything else|Never cookies/))
      return [...new Set([...sent.matchAll(/`([A-Za-z][\w-]*)(?::[^`]*)?`/g)].map((match) => match[1]!.toLowerCase()))]
    }

    /** Sends a request to the proxy as a plain HTTP client does, with exactly these headers. */
    const send = (url: string, method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<void>((resolve, reject) => {
        const { hostname, port } = new URL(url)
        httpRequest({ host: hostname, port, method, path, headers }, (answer) => {
          answer.resume()
          answer.on('end', resolve)
        })
          .on('error', reject)
          .end(body)
      })

    it('are exactly those docs/proxy.md lists, whatever else the client sends', async () => {
      const names = new Set<string>()
      const upstream = await listen((request, response) => {
        for (const name of Object.keys(request.headers)) names.add(name)
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{}')
      })
      const proxy = await startStandaloneServer({ port: 0, proxy: { url: upstream.url } })
      try {
        const kept = {
          authorization: 'Bearer page',
          accept: 'application/json',
          'accept-language': 'de',
          'content-type': 'application/json',
          'user-agent': 'qa-suite/1',
          traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
          tracestate: 'vendor=1',
          'x-request-id': 'req-1',
          'x-correlation-id': 'corr-1',
        }
        const dropped = {
          cookie: 'session=secret',
          origin: 'http://localhost:5173',
          referer: 'http://localhost:5173/page',
          forwarded: 'for=192.0.2.1',
          'x-forwarded-for': '192.0.2.1',
          'if-none-match': '"v1"',
          'idempotency-key': 'k-1',
          'cache-control': 'no-cache',
          'accept-encoding': 'identity',
        }
        await send(proxy.url, 'GET', `/users/${user.id}`, { ...kept, ...dropped })
        // A bare write: what the proxy and Node's fetch add when the client sends nothing.
        await send(proxy.url, 'POST', '/manager', { 'content-type': 'application/json' }, '{}')
        expect([...names].sort()).toEqual(documented().sort())
      } finally {
        await proxy.close()
        await upstream.close()
      }
    })
  })
})

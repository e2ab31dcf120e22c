/**
 * Who may call (issue "Hardening"): the control API is the developer's, not any web page's; the
 * API answers every origin; credentials are exactly one `Bearer <token68>`.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlPaths } from '../../src/contract/control-paths.ts'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { isLoopbackHost, isLoopbackOrigin } from '../../src/runtimes/standalone/loopback.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { samples } from '../support/samples.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, controlOrigins: ['https://qa.example.com'] })
})
afterAll(() => server.close())

const JSON_TYPE = { 'content-type': 'application/json' }

function raw(text: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = ''
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end(text))
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('close', () => resolve(answer))
  })
}

describe('the control API', () => {
  it('refuses a foreign web page with 403 and no CORS header, reads and preflights alike', async () => {
    const read = await fetch(`${server.url}/__sim/health`, { headers: { origin: 'https://evil.example' } })
    expect(read.status).toBe(403)
    expect(read.headers.get('access-control-allow-origin')).toBeNull()
    expect(((await read.json()) as { message: string }).message).toContain('--control-origin')
    const preflight = await fetch(`${server.url}/__sim/reset`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    const write = await fetch(`${server.url}/__sim/reset`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', ...JSON_TYPE },
    })
    expect(write.status).toBe(403)
  })

  it('refuses a foreign web page on every control route of the table, and changes nothing', async () => {
    // A write first, so a reset that got through would show in the state.
    const created = await fetch(`${server.url}${samples.createManagerPayment.path}`, {
      method: 'POST',
      headers: { authorization: 'Bearer exposure-test', ...JSON_TYPE },
      body: JSON.stringify(samples.createManagerPayment.body),
    })
    expect(created.status).toBe(200)
    const stateBefore = await (await fetch(`${server.url}/__sim/state`)).text()
    for (const { method, path } of controlPaths) {
      // A path parameter gets a plausible value: the refusal must come before any route looks at it.
      const url = `${server.url}${path.replace(/\{[^}]+\}/g, 'users')}`
      const response = await fetch(url, {
        method,
        headers: { origin: 'https://evil.example', ...JSON_TYPE },
        ...(method !== 'GET' && method !== 'DELETE' && { body: '{}' }),
      })
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(response.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull()
      await response.arrayBuffer()
    }
    expect(await (await fetch(`${server.url}/__sim/state`)).text()).toBe(stateBefore)
  })

  it('answers loopback origins on any port and the origins given with --control-origin', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'http://[::1]:8080',
      'https://qa.example.com',
    ]) {
      const read = await fetch(`${server.url}/__sim/health`, { headers: { origin } })
      expect(read.status, origin).toBe(200)
      expect(read.headers.get('access-control-allow-origin')).toBe(origin)
    }
    expect(parseArgs(['--control-origin', 'https://a.example, http://b.example:8080'])).toMatchObject({
      options: { controlOrigins: ['https://a.example', 'http://b.example:8080'] },
    })
    expect(parseArgs(['--control-origin', 'https://a.example/path'])).toMatchObject({ kind: 'error' })
  })

  it('takes POST and PUT only as JSON, so a browser must preflight', async () => {
    const page = { origin: 'http://localhost:5173' }
    for (const [headers, body] of [
      [page, undefined],
      [{ ...page, 'content-type': 'text/plain' }, undefined],
      [{ 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }, undefined],
      [{ 'content-type': 'text/plain' }, '{}'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'],
      [{}, '{}'],
    ] as [Record<string, string>, string | undefined][]) {
      const reply = await fetch(`${server.url}/__sim/reset`, { method: 'POST', headers, body })
      expect(reply.status, JSON.stringify([headers, body])).toBe(415)
      expect(await reply.json()).toMatchObject({ statusCode: '415', error: 'Unsupported Media Type' })
    }
    expect((await fetch(`${server.url}/__sim/reset`, { method: 'POST', headers: JSON_TYPE })).status).toBe(200)
  })

  it('takes a bodyless POST without Origin, as a generated client sends resetSimulator(): no browser sends one', async () => {
    for (const headers of [{}, { 'content-type': 'text/plain' }] as Record<string, string>[]) {
      const reply = await fetch(`${server.url}/__sim/reset`, { method: 'POST', headers })
      expect(reply.status, JSON.stringify(headers)).toBe(200)
    }
    const chunked = await raw(
      'POST /__sim/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
    )
    expect(chunked).toMatch(/^HTTP\/1.1 415/)
  })

  it('answers a method no control route takes at a path with 405 before any 415', async () => {
    for (const method of ['PUT', 'POST', 'DELETE']) {
      const reply = await fetch(`${server.url}/__sim/health`, { method, headers: { 'content-type': 'text/plain' } })
      expect(reply.status, method).toBe(405)
      expect(await reply.json()).toMatchObject({ statusCode: '405', error: 'Method Not Allowed' })
    }
  })

  it('refuses a Host that is not a loopback name while listening on loopback (DNS rebinding)', async () => {
    const control = await raw('GET /__sim/health HTTP/1.1\r\nHost: attacker.example:4010\r\nConnection: close\r\n\r\n')
    expect(control).toMatch(/^HTTP\/1.1 403/)
    expect(control).toContain('"statusCode":"403"')
    const api = await raw(
      'GET /securityToken HTTP/1.1\r\nHost: attacker.example:4010\r\nAuthorization: Bearer t\r\nConnection: close\r\n\r\n',
    )
    expect(api).toMatch(/^HTTP\/1.1 200/)
    expect(isLoopbackHost('[::1]:4010')).toBe(true)
    expect(isLoopbackHost('localhost')).toBe(true)
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false)
    expect(isLoopbackOrigin('http://localhost.evil.example')).toBe(false)
  })

  it('refuses a query parameter given twice, as the API does', async () => {
    const reply = await fetch(`${server.url}/__sim/state?table=users&table=users`)
    expect(reply.status).toBe(400)
    expect(((await reply.json()) as { message: string }).message).toBe('query parameter table is given more than once')
  })
})

describe('the API', () => {
  it('keeps answering any origin', async () => {
    const reply = await fetch(`${server.url}/securityToken`, {
      headers: { origin: 'https://app.example', authorization: 'Bearer t' },
    })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('access-control-allow-origin')).toBe('https://app.example')
  })

  it('takes exactly one Authorization header of the form Bearer <token68>', async () => {
    for (const authorization of ['Bearer a b', 'Bearer a,b', 'Bearer tök', 'Bearer a=b', 'Bearer\ta']) {
      const reply = await fetch(`${server.url}/securityToken`, { headers: { authorization } })
      expect(reply.status, authorization).toBe(401)
      expect(reply.headers.get('www-authenticate')).toBe('Bearer error="invalid_request"')
    }
    for (const authorization of [
      'Bearer abc',
      'bearer abc==',
      'Bearer  a-b.c_d~e+f/g',
      'BEARER eyJhbGciOiJIUzI1NiJ9.e30.x',
    ]) {
      expect((await fetch(`${server.url}/securityToken`, { headers: { authorization } })).status, authorization).toBe(
        200,
      )
    }
    const twice = await raw(
      'GET /securityToken HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer one\r\nAuthorization: Bearer two\r\nConnection: close\r\n\r\n',
    )
    expect(twice).toMatch(/^HTTP\/1.1 401/)
    expect(twice).toContain('send one Authorization header')
  })
})

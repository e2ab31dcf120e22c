/** What only the standalone server does: CORS, JSON 404/405, body limits, hostile input over a socket. */

import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { statusPhrase } from '../../src/scenarios/status-phrases.ts'
import { expectErrorShape } from '../support/world.ts'

describe('the control API, loaded on the first control request', () => {
  it('answers every one of many first control requests that race its load, and the API meanwhile', async () => {
    const fresh = await startStandaloneServer({ port: 0 })
    try {
      const [health, ...others] = await Promise.all([
        fetch(`${fresh.url}/__sim/health`),
        ...Array.from({ length: 12 }, (_, i) =>
          i % 2 === 0
            ? fetch(`${fresh.url}/__sim/clock`)
            : fetch(`${fresh.url}/securityToken`, { headers: { authorization: 'Bearer t' } }),
        ),
      ])
      expect(health.status).toBe(200)
      expect(others.map((answer) => answer.status)).toEqual(Array(12).fill(200))
    } finally {
      await fresh.close()
    }
  })
})

describe('standalone server', () => {
  let running: StandaloneServer
  beforeAll(async () => {
    running = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => running.close())
  const call = (path: string, init: RequestInit = {}) => fetch(`${running.url}${path}`, init)
  const json = async (response: Response) => ({ status: response.status, json: await response.json() })

  it('answers CORS preflights for every method and header the API uses', async () => {
    const response = await call('/manager', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const methods = response.headers.get('access-control-allow-methods')!
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) expect(methods).toContain(method)
    const headers = response.headers.get('access-control-allow-headers')!.toLowerCase()
    expect(headers).toContain('authorization')
    expect(headers).toContain('content-type')
  })

  it("gives the status line the reason phrase the in-process runtimes give, where node's table differs too", async () => {
    const phraseOf = (status: number) =>
      new Promise<string | undefined>((resolve, reject) => {
        running.simulator.reset()
        running.simulator.scenarios.addRule({ operation: 'listSecurityTokens', respond: { status, message: 'x' } })
        const url = new URL(`${running.url}/securityToken`)
        httpRequest(url, { headers: { authorization: 'Bearer t' } }, (answer) => {
          answer.resume()
          resolve(answer.statusMessage)
        })
          .on('error', reject)
          .end()
      })
    try {
      // 418 is "I'm a Teapot" in node's table; 499 is in no table: node would say "unknown".
      for (const status of [418, 499, 503]) expect(await phraseOf(status)).toBe(statusPhrase(status))
      expect(statusPhrase(418)).toBe("I'm a teapot")
      expect(statusPhrase(499)).toBe('Client Error')
    } finally {
      running.simulator.reset()
    }
  })

  it('puts the allow-origin header on actual responses, errors included', async () => {
    const ok = await call('/securityToken', { headers: { origin: 'http://app.test', authorization: 'Bearer t' } })
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://app.test')
    const denied = await call('/securityToken', { headers: { origin: 'http://app.test' } })
    expect(denied.status).toBe(401)
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://app.test')
    expect(
      (await call('/securityToken', { headers: { authorization: 'Bearer t' } })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBe('*')
  })

  it('answers unknown paths with a JSON 404 and known paths with another method with 405', async () => {
    const missing = await json(await call('/nothing/here', { headers: { authorization: 'Bearer t' } }))
    expect(expectErrorShape(missing, 404)).toMatch(/no operation matches GET \/nothing\/here/)
    const wrongMethod = await call('/investor', { method: 'GET', headers: { authorization: 'Bearer t' } })
    expect(wrongMethod.headers.get('allow')).toBe('POST, OPTIONS')
    expect(expectErrorShape(await json(wrongMethod), 405)).toMatch(/GET is not allowed on \/investor/)
  })

  it('refuses bodies over 1 MB with 413 without falling over', async () => {
    const huge = JSON.stringify({ data: { instrument: 'x'.repeat(1_100_000) } })
    const reply = await json(
      await call('/securityToken', {
        method: 'POST',
        body: huge,
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      }),
    )
    expectErrorShape(reply, 413)
    expect((await call('/securityToken', { headers: { authorization: 'Bearer t' } })).status).toBe(200)
  })

  it('survives raw hostile requests and keeps serving', async () => {
    const raw = (lines: string) =>
      new Promise<string>((resolve) => {
        const { port } = new URL(running.url)
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(lines))
        let data = ''
        socket.on('data', (chunk: Buffer) => (data += chunk.toString()))
        socket.on('close', () => resolve(data))
        socket.on('error', () => resolve(data))
      })
    expect(await raw('GARBAGE\r\n\r\n')).toMatch(/400/)
    expect(
      await raw('GET /users/%zz HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nConnection: close\r\n\r\n'),
    ).toMatch(/HTTP\/1.1 (400|404)/)
    const status = await new Promise<number>((resolve) => {
      const req = httpRequest(
        `${running.url}/manager`,
        { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' } },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.end('{"managerAddress": "0x')
    })
    expect(status).toBe(400)
    expect((await call('/securityToken', { headers: { authorization: 'Bearer t' } })).status).toBe(200)
  })
})

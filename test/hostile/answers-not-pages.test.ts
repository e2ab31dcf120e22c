/**
 * Answers cannot become pages (issue 20, finding 4): a scenario's `respond.headers` could set
 * `Content-Type: text/html` and turn an API URL into a page on the simulator's own origin. Such
 * headers are refused at load, naming the field, and every answer says `nosniff` and carries a CSP
 * under which nothing runs, in the standalone server and in-process alike.
 */

import { writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DATA_ONLY_CSP } from '../../src/http/sim-request.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())
beforeEach(() => server.simulator.reset())

const JSON_TYPE = { 'content-type': 'application/json' }
const AUTH = { authorization: 'Bearer hostile' }

function putScenario(headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/__sim/scenario`, {
    method: 'PUT',
    headers: JSON_TYPE,
    body: JSON.stringify({
      scenario: {
        description: 'page',
        rules: [{ operation: 'listSecurityTokens', respond: { status: 503, message: 'x', headers } }],
      },
    }),
  })
}

describe("a scenario rule's respond.headers", () => {
  const refused: Record<string, string> = {
    'Content-Type': 'text/html',
    'content-type': 'application/javascript',
    'Content-Encoding': 'gzip',
    'Content-Disposition': 'inline',
    'Content-Security-Policy': "script-src 'unsafe-inline'",
    'Set-Cookie': 'session=stolen',
    'X-Content-Type-Options': 'sniff',
    'Access-Control-Allow-Credentials': 'true',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    Location: 'https://evil.example/',
    Refresh: '0; url=https://evil.example/',
    Link: '<https://evil.example/x.css>; rel=stylesheet',
    'Clear-Site-Data': '"*"',
    'X-Sim-Session': 'someone-else',
  }
  for (const [name, value] of Object.entries(refused)) {
    it(`refuses ${name}: ${value}, naming the field, and activates nothing`, async () => {
      const reply = await putScenario({ [name]: value })
      expect(reply.status).toBe(400)
      const body = (await reply.json()) as { statusCode: string; message: string }
      expect(body.statusCode).toBe('400')
      expect(body.message).toContain(`rules[0].respond.headers.${name}`)
      const active = (await (await fetch(`${server.url}/__sim/scenario`)).json()) as { active: unknown }
      expect(active.active).toBeNull()
    })
  }

  it('keeps the headers that describe an error, and a JSON Content-Type', async () => {
    const reply = await putScenario({
      'Retry-After': '7',
      'WWW-Authenticate': 'Bearer error="invalid_token"',
      'Content-Type': 'application/problem+json; charset=utf-8',
    })
    expect(reply.status).toBe(200)
    const answer = await fetch(`${server.url}/securityToken`, { headers: AUTH })
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('7')
    expect(answer.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('content-security-policy')).toBe(DATA_ONLY_CSP)
  })

  it('fails a scenario file at load with the file and the field', () => {
    const file = join(temporaryDirectory('hostile-page-'), 'page.json')
    writeFileSync(
      file,
      JSON.stringify({
        description: 'x',
        rules: [{ operation: '*', respond: { status: 500, message: 'x', headers: { 'Content-Type': 'text/html' } } }],
      }),
    )
    expect(() => loadScenarioFile(file)).toThrow(
      `${file}: rules[0].respond.headers.Content-Type: must be a JSON media type`,
    )
  })
})

function expectDataOnly(headers: Headers, what: string): void {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(headers.get('content-security-policy'), what).toBe(DATA_ONLY_CSP)
}

describe('every answer of the standalone server', () => {
  it('says nosniff and carries a CSP under which nothing runs: API, control, errors', async () => {
    const cases: [string, RequestInit][] = [
      ['/securityToken', { headers: AUTH }],
      ['/securityToken', {}],
      ['/nowhere', { headers: AUTH }],
      ['/securityToken', { method: 'PATCH', headers: AUTH }],
      ['/__sim/health', {}],
      ['/__sim/state?table=users', {}],
      ['/__sim/nowhere', {}],
      ['/__sim/reset', { method: 'POST', headers: JSON_TYPE }],
      ['/__sim/health', { headers: { origin: 'https://evil.example' } }],
    ]
    for (const [path, init] of cases) {
      const reply = await fetch(`${server.url}${path}`, init)
      expectDataOnly(reply.headers, `${init.method ?? 'GET'} ${path} ${reply.status}`)
    }
    // The live event stream too (its headers come before any event; the stream is then dropped).
    const controller = new AbortController()
    const events = await fetch(`${server.url}/__sim/events`, { signal: controller.signal })
    expectDataOnly(events.headers, `GET /__sim/events ${events.status}`)
    controller.abort()
  })

  it('does so for the requests node refuses before the simulator sees them', async () => {
    const answer = await new Promise<string>((resolve) => {
      let text = ''
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end('NONSENSE\r\n\r\n'))
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
    })
    expect(answer).toMatch(/^HTTP\/1.1 400/)
    expect(answer).toContain('X-Content-Type-Options: nosniff')
    expect(answer).toContain(`Content-Security-Policy: ${DATA_ONLY_CSP}`)
  })
})

describe('in-process (msw handlers)', () => {
  const inProcess = createSimulator({ baseUrl: 'http://api.pages.test' })
  const msw = setupServer(...inProcess.handlers)
  beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as never)) // msw 2 and msw 3 option names
  afterAll(() => msw.close())

  it('JSON answers carry the same two headers', async () => {
    expectDataOnly((await fetch('http://api.pages.test/securityToken', { headers: AUTH })).headers, 'list')
    expectDataOnly((await fetch('http://api.pages.test/securityToken')).headers, '401')
  })
})

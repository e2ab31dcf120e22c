/**
 * Hostile clients over HTTP (issue "Hardening"): scenarios whose name or headers node cannot write,
 * framing headers, JSON nested past the limit, a BOM, and the 1 MB limit in bytes. Each case once
 * crashed the process, answered 500 or split in-process from standalone; none may come back.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH } from '../../src/contract/json-text.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import {
  createRequestListener,
  type StandaloneServer,
  startStandaloneServer,
} from '../../src/runtimes/standalone/server.ts'
import { loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import type { SimulatorCore } from '../../src/simulator-core.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())
beforeEach(() => server.simulator.reset())

const JSON_TYPE = { 'content-type': 'application/json' }
const AUTH = { authorization: 'Bearer hostile' }

async function call(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...AUTH, ...JSON_TYPE, ...headers },
    ...(body !== undefined && { body }),
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const inlineScenario = (respond: Record<string, unknown>, name?: string) =>
  JSON.stringify({
    ...(name !== undefined && { name }),
    scenario: {
      description: 'hostile',
      rules: [{ operation: 'listSecurityTokens', respond: { status: 503, message: 'down', ...respond } }],
    },
  })

async function stillServing(): Promise<void> {
  const reply = await call('GET', '/securityToken')
  expect(reply.status).toBe(200)
}

describe('a scenario node could not write', () => {
  const badNames = ['💥', '名前', 'a\r\nx-injected: 1', 'nul\u0000', 'with space', '', 'x'.repeat(10_000)]
  for (const name of badNames) {
    it(`refuses the name ${JSON.stringify(name.slice(0, 20))} with a 400 naming the field, and keeps serving`, async () => {
      for (const session of [undefined, 'qa-1']) {
        const reply = await call(
          'PUT',
          '/__sim/scenario',
          inlineScenario({}, name),
          session === undefined ? {} : { 'x-sim-session': session },
        )
        expect(reply.status).toBe(400)
        const body = JSON.parse(reply.text) as { statusCode: string; message: string }
        expect(body.statusCode).toBe('400')
        expect(body.message).toContain('name')
        expect(body.message.length).toBeLessThan(400) // a 10 KB name is not echoed whole
      }
      await stillServing()
      expect((await call('GET', '/__sim/scenario')).text).toContain('"active":null')
    })
  }

  const badHeaders: [string, Record<string, string>, string][] = [
    ['a name with a space', { 'Retry After': '1' }, 'header name'],
    ['an emoji name', { 'x-💥': '1' }, 'header name'],
    ['a CR/LF value', { 'x-note': 'a\r\nset-cookie: x=1' }, 'header value'],
    ['a NUL value', { 'x-note': 'a\u0000b' }, 'header value'],
    ['an emoji value', { 'x-note': '💥' }, 'header value'],
    ['Content-Length', { 'Content-Length': '0' }, 'set by the server'],
    ['Transfer-Encoding', { 'transfer-encoding': 'chunked' }, 'set by the server'],
    ['Connection', { Connection: 'close' }, 'set by the server'],
  ]
  for (const [what, headers, message] of badHeaders) {
    it(`refuses respond.headers with ${what}, naming the field`, async () => {
      const reply = await call('PUT', '/__sim/scenario', inlineScenario({ headers }))
      expect(reply.status).toBe(400)
      expect(JSON.parse(reply.text).message).toMatch(new RegExp(`rules\\[0\\]\\.respond\\.headers.*${message}`))
      await stillServing()
    })
  }

  it('lets respond.headers replace a header of the answer instead of adding a second one', async () => {
    expect(
      (
        await call(
          'PUT',
          '/__sim/scenario',
          inlineScenario({ headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '7' } }),
        )
      ).status,
    ).toBe(200)
    const reply = await call('GET', '/securityToken')
    expect(reply.status).toBe(503)
    expect(reply.headers.get('content-type')).toBe('application/problem+json')
    expect(reply.headers.get('retry-after')).toBe('7')
  })

  it('refuses a bad name in a scenario file at load, naming the file and field', () => {
    const directory = temporaryDirectory('hostile-scenarios-')
    const file = join(directory, 'bad-headers.json')
    writeFileSync(
      file,
      JSON.stringify({
        description: 'x',
        rules: [{ operation: '*', respond: { status: 503, message: 'x', headers: { 'Content-Length': '1' } } }],
      }),
    )
    expect(() => loadScenarioFile(file)).toThrow(`${file}: rules[0].respond.headers`)
  })
})

describe('the response writer', () => {
  it('never takes the process down: a header node refuses is dropped and the answer still goes out', async () => {
    const simulator = {
      host: {
        execute: async () => ({
          status: 200,
          headers: { 'content-type': 'application/json', 'x-bad': 'a\nb', 'x-good': 'yes' },
          body: '{"ok":true}',
        }),
      },
    } as unknown as SimulatorCore
    const raw = createServer(createRequestListener(simulator, { origin: () => '' }))
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`
      const reply = await fetch(`${url}/anything`)
      expect(reply.status).toBe(200)
      expect(reply.headers.get('x-good')).toBe('yes')
      expect(reply.headers.get('x-bad')).toBeNull()
      expect(await reply.text()).toBe('{"ok":true}')
      expect((await fetch(`${url}/again`)).status).toBe(200)
    } finally {
      raw.close()
    }
  })
})

/** A JSON value nested `depth` levels deep (objects and arrays alternating). */
function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

describe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
  const body = samples.createInvestorPayment.body as Record<string, unknown>
  it('is a 400 on an API route; at the limit it is read', async () => {
    const deep = await call('POST', '/investor', JSON.stringify({ ...body, extra: nested(MAX_JSON_DEPTH) }))
    expect(deep.status).toBe(400)
    expect(JSON.parse(deep.text)).toEqual({
      statusCode: '400',
      error: 'Bad Request',
      message: `body is JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    })
    const atLimit = await call('POST', '/investor', JSON.stringify({ ...body, extra: nested(MAX_JSON_DEPTH - 1) }))
    expect(atLimit.status).toBe(200)
  })
  it('is a 400 on a control route, even 5,000 levels deep (it was a stack overflow)', async () => {
    // Built as text: JSON.stringify itself recurses.
    const reply = await call(
      'PUT',
      '/__sim/scenario',
      `{"scenario":{"description":"deep","rules":[],"world":${'['.repeat(5000)}1${']'.repeat(5000)}}}`,
    )
    expect(reply.status).toBe(400)
    expect(JSON.parse(reply.text).message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`)
    await stillServing()
  })
  it('fails a scenario file at load, with its name', () => {
    const directory = temporaryDirectory('hostile-deep-')
    mkdirSync(directory, { recursive: true })
    const file = join(directory, 'deep.json')
    writeFileSync(
      file,
      JSON.stringify({
        description: 'deep',
        rules: [],
        steps: [{ request: { method: 'GET', path: '/securityToken' }, expect: { body: nested(100) } }],
      }),
    )
    expect(() => loadScenarioFile(file)).toThrow(`${file}: JSON nested deeper than ${MAX_JSON_DEPTH} levels`)
  })
})

describe('in-process and standalone read bodies alike', () => {
  const inProcess = createSimulator({ baseUrl: 'http://api.hostile.test' })
  const msw = setupServer(...inProcess.handlers)
  beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as never)) // msw 2 and msw 3 option names
  afterAll(() => msw.close())

  async function both(body: string): Promise<[number, number]> {
    const init = { method: 'POST', headers: { ...AUTH, ...JSON_TYPE }, body }
    const local = await fetch('http://api.hostile.test/investor', init)
    const remote = await fetch(`${server.url}/investor`, init)
    return [local.status, remote.status]
  }

  it('accept a JSON body behind a UTF-8 byte order mark', async () => {
    expect(await both(`\uFEFF${JSON.stringify(samples.createInvestorPayment.body)}`)).toEqual([200, 200])
  })
  it('count the 1 MB limit in bytes: 600,000 two-byte characters are over it in both', async () => {
    const big = JSON.stringify({ ...(samples.createInvestorPayment.body as object), note: 'é'.repeat(600_000) })
    expect(await both(big)).toEqual([413, 413])
  })
})

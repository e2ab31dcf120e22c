/**
 * Small inputs that were answered oddly (issue 20, finding 11), over HTTP: `overrides.__proto__`
 * slipped through where `overrides.constructor` was a 400; a malformed number of installments was
 * reported twice; `count: 1.5` "must be a int"; a non-ASCII X-Sim-Scenario came back as mojibake;
 * session ids `.` and `..` were taken; the dashboard's files had no ETag.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DashboardFile } from '../../src/dashboard/dashboard-assets.ts'
import {
  createRequestListener,
  type StandaloneServer,
  startStandaloneServer,
} from '../../src/runtimes/standalone/server.ts'
import { samples } from '../support/samples.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())
beforeEach(() => server.simulator.reset())

const HEADERS = { 'content-type': 'application/json', authorization: 'Bearer t' }

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const reply = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...HEADERS, ...headers },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  return { status: reply.status, body: (await reply.json()) as { statusCode: string; message: string } }
}

describe('factory overrides', () => {
  it('refuse __proto__ as they refuse constructor, and store nothing', async () => {
    const users = async () => JSON.stringify(await (await fetch(`${server.url}/__sim/state?table=users`)).json())
    const before = await users()
    for (const key of ['__proto__', 'constructor']) {
      // Written as text: a JS object literal would set the prototype instead of a member.
      const reply = await call('POST', '/__sim/factories/users', `{"count":1,"overrides":{"${key}":{"x":1}}}`)
      expect(reply.status, key).toBe(400)
      expect(reply.body.message).toBe(`body.overrides must not hold "${key}"`)
    }
    expect(await users()).toBe(before)
  })

  it('say "a whole number" of a count of 1.5', async () => {
    const reply = await call('POST', '/__sim/factories/users', { count: 1.5 })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe('body.count must be a whole number, got 1.5')
  })
})

describe('a malformed number', () => {
  it('is reported once: installments 9999, as an override and in the API', async () => {
    const override = await call('POST', '/__sim/factories/signatureContracts', { overrides: { installments: '9999' } })
    expect(override.status).toBe(400)
    expect(override.body.message).toBe(
      'body.overrides.installments must be a whole number from 1 to 600 written as a string, such as "12", got "9999"',
    )
    const api = await call('POST', '/debtToken/signature-contract', {
      ...(samples.createSignatureContract.body as object),
      installments: '9999',
    })
    expect(api.status).toBe(400)
    expect(api.body.message.match(/installments/g)).toHaveLength(1)
  })

  it('is reported once: money that is not a number', async () => {
    const api = await call('POST', '/debtToken/signature-contract', {
      ...(samples.createSignatureContract.body as object),
      debtTotalValue: 'abc',
    })
    expect(api.status).toBe(400)
    expect(api.body.message.match(/debtTotalValue/g)).toHaveLength(1)
  })
})

describe('the X-Sim-* headers', () => {
  it('refuse a non-ASCII scenario name clearly instead of echoing mojibake', async () => {
    // What a client sends for "Ärger" in UTF-8: node reads each byte as a Latin-1 character.
    const bytes = Buffer.from('Ärger', 'utf8').toString('latin1')
    const reply = await call('GET', '/securityToken', undefined, { 'x-sim-scenario': bytes })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toContain('X-Sim-Scenario header holds characters other than printable ASCII')
    expect(reply.body.message).not.toContain(bytes)
  })

  it('refuse the session ids . and .., keep the ones that only contain dots', async () => {
    for (const session of ['.', '..']) {
      const reply = await call('GET', '/securityToken', undefined, { 'x-sim-session': session })
      expect(reply.status, session).toBe(400)
      expect(reply.body.message).toContain('other than . and ..')
    }
    expect((await call('GET', '/securityToken', undefined, { 'x-sim-session': '...' })).status).toBe(200)
    expect((await call('GET', '/securityToken', undefined, { 'x-sim-session': '.qa' })).status).toBe(200)
  })
})

describe("the dashboard's files", () => {
  it('carry an ETag and answer If-None-Match with 304 and no body', async () => {
    const files: Partial<Record<DashboardFile, string>> = {
      'dashboard.js': 'console.log("dashboard")',
      'dashboard.css': 'body{}',
    }
    const raw = createServer(
      createRequestListener(server.simulator, {
        origin: () => '',
        dashboard: { read: (name) => files[name] },
      }),
    )
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`
      const tags = new Set<string>()
      for (const path of ['/__sim/ui', '/__sim/ui/dashboard.js', '/__sim/ui/dashboard.css']) {
        const first = await fetch(`${url}${path}`)
        expect(first.status, path).toBe(200)
        const etag = first.headers.get('etag')
        expect(etag, path).toMatch(/^"[0-9a-z-]+"$/)
        tags.add(etag!)
        const again = await fetch(`${url}${path}`, { headers: { 'if-none-match': `"other", W/${etag}` } })
        expect(again.status, path).toBe(304)
        expect(await again.text()).toBe('')
        expect(again.headers.get('etag')).toBe(etag)
        const changed = await fetch(`${url}${path}`, { headers: { 'if-none-match': '"other"' } })
        expect(changed.status, path).toBe(200)
      }
      expect(tags.size).toBe(3)
    } finally {
      raw.close()
    }
  })
})

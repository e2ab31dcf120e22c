/**
 * `serve --proxy`: the standalone server forwards the API to "the real service" (a second
 * simulator on 127.0.0.1 with another seed and a drifted user answer) and answers with its
 * answers; drift is reported in the answer's headers, the journal and the log; scenarios still
 * switch chosen operations into errors; `only`/`except` limit what is forwarded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../src/observability/journal.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { type RunningService, startDriftedService } from '../support/real-service.ts'
import { samples } from '../support/samples.ts'
import { expectErrorShape, fixtures } from '../support/world.ts'

const AUTH = { authorization: 'Bearer qa-token' }
const user = fixtures.users[0]!

let service: RunningService
let proxy: StandaloneServer
const log: string[] = []

beforeAll(async () => {
  service = await startDriftedService()
  proxy = await startStandaloneServer({
    port: 0,
    proxy: { url: service.url },
    log: 'normal',
    logSink: (line) => log.push(line),
  })
})
afterAll(async () => {
  await proxy?.close()
  await service?.close()
})

const call = (path: string, init: RequestInit = {}) => fetch(`${proxy.url}${path}`, init)
const lastEntry = (): JournalEntry => proxy.simulator.journal.list().at(-1)!

describe('serve --proxy', () => {
  it("answers with the service's answer, and says where it came from", async () => {
    const created = await call('/securityToken', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', cookie: 'session=secret', 'x-sim-session': 'mine' },
      body: JSON.stringify(samples.createSecurityToken.body),
    })
    expect(created.status).toBe(200)
    expect(created.headers.get('x-sim-upstream')).toBe(service.url)
    const { contractAddress } = (await created.json()) as { contractAddress: string }
    // Written in the service, not in the simulator in front of it.
    const held = (url: string) =>
      fetch(`${url}/securityToken`, { headers: AUTH })
        .then((answer) => answer.json() as Promise<{ contractAddress: string }[]>)
        .then((list) => list.some((token) => token.contractAddress === contractAddress))
    expect(await held(service.url)).toBe(true)
    expect(proxy.simulator.model.securityTokens.all().some((token) => token.contractAddress === contractAddress)).toBe(
      false,
    )
    // What went through: the credentials and the content type, never cookies or the simulator's own headers.
    const sent = service.received.find((request) => request.target === 'POST /securityToken')!
    expect(sent.headers).toMatchObject({ authorization: 'Bearer qa-token', 'content-type': 'application/json' })
    expect(sent.headers.cookie).toBeUndefined()
    expect(sent.headers['x-sim-session']).toBeUndefined()
    expect(lastEntry().proxy).toEqual({ url: `${service.url}/securityToken`, status: 200, drift: [] })
    // The control API stays the simulator's, and its health says where the API goes.
    expect(await (await call('/__sim/health')).json()).toMatchObject({ status: 'ok', proxy: service.url })
  })

  it("passes the service's own refusal through, a 401 without credentials among them", async () => {
    const refused = await call('/securityToken')
    expect(expectErrorShape({ status: refused.status, json: await refused.json() }, 401)).toMatch(/Authorization/)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer')
    expect(lastEntry().proxy).toMatchObject({ status: 401, drift: [] })
  })

  it('reports a drifted answer in a header, the journal and the log, and still answers it', async () => {
    const answer = await call(`/users/${user.id}`, { headers: { ...AUTH, origin: 'http://localhost:5173' } })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ walletAddress: '0xabc', legacyId: 7 })
    // A page can read where its answer came from, and how far it drifted.
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/X-Sim-Upstream, X-Sim-Drift/)
    expect(answer.headers.get('x-sim-drift')).toBe('3')
    const drift = lastEntry().proxy!.drift
    expect(drift).toEqual([
      'body.email is required by the contract but missing',
      expect.stringMatching(/^body\.walletAddress breaks its format .*, got "0xabc"$/),
      'body.legacyId is not in the contract',
    ])
    const line = log.find((text) => text.includes(`/users/${user.id}`))!
    expect(line).toMatch(/ 200 .* getUser proxied=200 DRIFT\(3\)/)
    expect(line).toContain('\n  drift    body.legacyId is not in the contract')
    const journal = (await (await call('/__sim/journal?operation=getUser')).json()) as { entries: JournalEntry[] }
    expect(journal.entries.at(-1)!.proxy!.drift).toEqual(drift)
  })

  it('reports a request that breaks the contract as drift, and forwards it all the same', async () => {
    const answer = await call('/manager', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: -1 }),
    })
    expect(answer.status).toBe(400) // the service's own answer
    expect(service.received.at(-1)!.target).toBe('POST /manager')
    expect(lastEntry().proxy!.drift[0]).toMatch(/^request: body\.managerAddress is required/)
  })

  it('lets a scenario switch chosen operations into errors while the rest goes through', async () => {
    const activated = await call('/__sim/scenario', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scenario: {
          description: 'users down, the rest real',
          rules: [{ operation: 'getUser', respond: { status: 503, message: 'users are down' } }],
        },
      }),
    })
    expect(activated.status, await activated.clone().text()).toBe(200)
    try {
      const before = service.received.length
      const mocked = await call(`/users/${user.id}`, { headers: AUTH })
      expect(expectErrorShape({ status: mocked.status, json: await mocked.json() }, 503)).toBe('users are down')
      expect(mocked.headers.get('x-sim-upstream')).toBeNull()
      expect(service.received.length).toBe(before) // the mocked call never reached the service
      const through = await call('/securityToken', { headers: AUTH })
      expect(through.status).toBe(200)
      expect(through.headers.get('x-sim-upstream')).toBe(service.url)
      expect(through.headers.get('x-sim-scenario')).toBe('inline')
    } finally {
      await call('/__sim/scenario', { method: 'DELETE' })
    }
  })

  it('refuses a request that came back through itself (a proxy pointed at its own address)', async () => {
    const looped = await call('/securityToken', { headers: { ...AUTH, via: '1.1 debt-token-simulator' } })
    expect(expectErrorShape({ status: looped.status, json: await looped.json() }, 508)).toMatch(
      /came back through this proxy/,
    )
  })
})

describe('serve --proxy with --proxy-only and --proxy-except', () => {
  it('forwards only the named operations; the simulator answers the others', async () => {
    for (const limits of [{ only: ['getUser' as const] }, { except: ['listSecurityTokens' as const] }]) {
      const limited = await startStandaloneServer({ port: 0, proxy: { url: service.url, ...limits } })
      try {
        const forwarded = await fetch(`${limited.url}/users/${user.id}`, { headers: AUTH })
        expect(forwarded.headers.get('x-sim-upstream')).toBe(service.url)
        expect(await forwarded.json()).toMatchObject({ legacyId: 7 })
        const local = await fetch(`${limited.url}/securityToken`, { headers: AUTH })
        expect(local.status).toBe(200)
        expect(local.headers.get('x-sim-upstream')).toBeNull()
        expect(limited.simulator.journal.list().at(-1)!.proxy).toBeUndefined()
      } finally {
        await limited.close()
      }
    }
  })
})

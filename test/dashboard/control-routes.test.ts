/**
 * The control routes behind the dashboard, over real HTTP on 127.0.0.1: its page and assets,
 * the scenario catalog, recording in memory, scenario files from journal entries, replays run by
 * the server, and the tables with their links.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createRequestListener,
  type StandaloneServer,
  startStandaloneServer,
} from '../../src/runtimes/standalone/server.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { expectErrorShape, fixtures } from '../support/world.ts'

const schema = JSON.parse(readFileSync(new URL('../../scenarios/scenario.schema.json', import.meta.url), 'utf8'))
const validateScenario = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema)

let running: StandaloneServer
beforeAll(async () => {
  running = await startStandaloneServer({ port: 0 })
})
afterAll(() => running.close())
beforeEach(() => running.simulator.reset())

async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: { authorization: 'Bearer dashboard-test', 'content-type': 'application/json', ...options.headers },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    json: text === '' ? undefined : (JSON.parse(text) as any),
  }
}

describe('the dashboard page', () => {
  let server: Server
  let url = ''
  beforeAll(async () => {
    const assets: Record<string, string> = { 'dashboard.js': 'export {}\n', 'dashboard.css': 'body{}\n' }
    server = createServer(
      createRequestListener(createSimulatorCore(), {
        origin: () => url,
        dashboard: { read: (name) => assets[name] },
      }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('is served with its assets, each with its content type and a strict Content-Security-Policy', async () => {
    const page = await fetch(`${url}/__sim/ui`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toContain('unsafe')
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await page.text()
    expect(html).toContain('<script type="module" src="/__sim/ui/dashboard.js"></script>')
    expect(html).not.toMatch(/<script>|style=|https?:\/\//) // nothing inline, nothing from elsewhere
    const script = await fetch(`${url}/__sim/ui/dashboard.js`)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe('export {}\n')
    const styles = await fetch(`${url}/__sim/ui/dashboard.css`)
    expect(styles.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await fetch(`${url}/__sim/ui/other.js`)).status).toBe(404)
  })

  it('follows the control API origin rules: loopback pages yes, other origins no', async () => {
    expect((await fetch(`${url}/__sim/ui`, { headers: { origin: 'http://localhost:5173' } })).status).toBe(200)
    expect((await fetch(`${url}/__sim/ui`, { headers: { origin: 'https://evil.example' } })).status).toBe(403)
  })

  it('says how to build it when its files are missing', async () => {
    const bare = createServer(
      createRequestListener(createSimulatorCore(), {
        origin: () => '',
        dashboard: { read: () => undefined },
      }),
    )
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
    try {
      const response = await fetch(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/__sim/ui`)
      const json = await response.json()
      expect(expectErrorShape({ status: response.status, json }, 404)).toMatch(/npm run build/)
    } finally {
      await new Promise<void>((resolve) => bare.close(() => resolve()))
    }
  })
})

describe('scenarios', () => {
  it('lists every scenario with its description and its rules in words', async () => {
    const { json } = await call('GET', '/__sim/scenarios')
    expect(json.scenarios.map((scenario: { name: string }) => scenario.name)).toEqual(running.simulator.scenarios.names)
    const flaky = json.scenarios.find((scenario: { name: string }) => scenario.name === 'flaky-backend')
    expect(flaky.description).toMatch(/every 3rd request/)
    expect(flaky.rules[0].outcome).toMatch(/^503 .*, on every 3rd call$/)
    expect(flaky.steps).toBeGreaterThan(0)
    const file = await call('GET', '/__sim/scenarios/flaky-backend')
    expect(validateScenario(file.json), JSON.stringify(validateScenario.errors)).toBe(true)
    expect(expectErrorShape(await call('GET', '/__sim/scenarios/nope'), 404)).toMatch(/flaky-backend/)
  })

  it('replays a scenario in a fresh session of its own, and ends it', async () => {
    const report = (await call('POST', '/__sim/replay', { body: { name: 'flaky-backend' } })).json
    expect(report.passed, JSON.stringify(report.steps)).toBe(true)
    expect(report.session).toMatch(/^replay-flaky-backend-[0-9a-f]{8}$/)
    expect(report.steps[2]).toMatchObject({ name: '3rd request fails with 503', outcome: '503', passed: true })
    expect((await call('GET', '/__sim/sessions')).json.sessions).toEqual([])
    expect((await call('GET', '/__sim/scenario')).json.active).toBeNull() // the global scenario is untouched
  })

  it('shows each failed step with its differences, and keeps the session when asked', async () => {
    const scenario = {
      description: 'expects what does not happen',
      rules: [],
      steps: [{ request: { method: 'GET', path: '/securityToken' }, expect: { status: 200, body: { $length: 99 } } }],
    }
    const report = (await call('POST', '/__sim/replay', { body: { scenario, name: 'wrong', keepSession: true } })).json
    expect(report.passed).toBe(false)
    expect(report.steps[0].problems).toEqual(['body: expected an array of 99, got 3 items'])
    expect((await call('GET', '/__sim/sessions')).json.sessions.map((s: { id: string }) => s.id)).toEqual([
      report.session,
    ])
    const invalid = await call('POST', '/__sim/replay', { body: { scenario: { rules: 'x' } } })
    expect(expectErrorShape(invalid, 400)).toMatch(/description/)
  })
})

describe('scenario files from journal entries', () => {
  it('turns entries into steps that replay green, with the token masked', async () => {
    const token = fixtures.securityTokens[0]!.contractAddress
    await call('GET', '/securityToken')
    await call('GET', `/manager/debt-tokens/${token}`)
    const entries = (await call('GET', '/__sim/journal')).json.entries
    const file = (await call('POST', '/__sim/scenario-file', { body: { exchanges: entries } })).json
    expect(validateScenario(file), JSON.stringify(validateScenario.errors)).toBe(true)
    expect(file.steps).toHaveLength(2)
    expect(file.steps[0].request.headers.authorization).toBe('Bearer ***')
    expect(file.steps[1].expect.status).toBe(200)
    const report = (await call('POST', '/__sim/replay', { body: { scenario: file, name: 'from-journal' } })).json
    expect(report.passed, JSON.stringify(report.steps)).toBe(true)
  })

  it('refuses an entry whose request body the journal cut', async () => {
    const exchange = {
      method: 'POST',
      path: '/manager',
      query: '',
      requestHeaders: {},
      requestBody: `${'x'.repeat(4096)}…[10 more]`,
      status: 400,
      responseBody: null,
    }
    const refused = await call('POST', '/__sim/scenario-file', { body: { exchanges: [exchange] } })
    expect(expectErrorShape(refused, 400)).toMatch(/exchanges\[0\]\.requestBody was cut/)
  })
})

describe('scenario files from a HAR file', () => {
  const sample = JSON.parse(readFileSync(new URL('../fixtures/har/charles.har', import.meta.url), 'utf8'))

  it('turns the API entries of a dropped HAR into steps that replay green, the rest counted in the notes', async () => {
    const answered = await call('POST', '/__sim/scenario-file/from-har?name=charles.har', { body: sample })
    expect(answered.status).toBe(200)
    const file = answered.json
    expect(validateScenario(file), JSON.stringify(validateScenario.errors)).toBe(true)
    expect(file.description).toBe('charles.har: 3 requests of a HAR session.')
    expect(file.steps.map((step: any) => step.request.method)).toEqual(['GET', 'POST', 'GET'])
    expect(file.notes).toContain('left out 1 entry: not a path of the API (a page, an asset, another service)')
    expect(JSON.stringify(file)).not.toContain('qa-secret-token')
    const report = (await call('POST', '/__sim/replay', { body: { scenario: file, name: 'from-har' } })).json
    expect(report.passed, JSON.stringify(report.steps)).toBe(true)
  })

  it('refuses a body that is not a HAR, naming the entry and the field', async () => {
    const broken = structuredClone(sample)
    broken.log.entries[2].request.url = '/users/1'
    const refused = await call('POST', '/__sim/scenario-file/from-har', { body: broken })
    expect(expectErrorShape(refused, 400)).toBe('body.log.entries[2].request.url: not a URL')
    const notHar = await call('POST', '/__sim/scenario-file/from-har', { body: { entries: [] } })
    expect(expectErrorShape(notHar, 400)).toMatch(/^body\.log/)
  })
})

describe('recording in memory', () => {
  it('records between start and stop, and gives a scenario file that replays green', async () => {
    expect((await call('GET', '/__sim/recording')).json).toMatchObject({ active: false, steps: 0 })
    expect((await call('GET', '/__sim/recording/scenario')).status).toBe(409)
    await call('GET', '/securityToken') // before the start: not recorded
    expect((await call('PUT', '/__sim/recording', { body: { description: 'my session' } })).json.active).toBe(true)
    const created = await call('POST', '/securityToken', { body: { data: {} } })
    await call('GET', `/securityToken?contractAddress=${created.json.contractAddress ?? ''}`)
    expect((await call('DELETE', '/__sim/recording')).json).toMatchObject({ active: false, steps: 2 })
    await call('GET', '/securityToken') // after the stop: not recorded
    const file = (await call('GET', '/__sim/recording/scenario')).json
    expect(validateScenario(file), JSON.stringify(validateScenario.errors)).toBe(true)
    expect(file.description).toMatch(/^my session/)
    expect(file.simulator).toEqual({ seed: running.simulator.seed, now: '2026-03-02T12:00:00.000Z' })
    expect(file.steps.map((step: any) => step.request.method)).toEqual(['POST', 'GET'])
    const report = (await call('POST', '/__sim/replay', { body: { scenario: file, name: 'recorded' } })).json
    expect(report.passed, JSON.stringify(report.steps)).toBe(true)
  })
})

describe('tables', () => {
  const token = fixtures.debtTokens.find((candidate) => candidate.status !== 0)!

  it('pages through a table and searches by address or id', async () => {
    const page = (await call('GET', '/__sim/tables/debtTokens?offset=10&limit=3')).json
    expect(page).toMatchObject({ session: null, table: 'debtTokens', total: fixtures.debtTokens.length, offset: 10 })
    expect(page.records.map((row: any) => row.record.address)).toEqual(
      fixtures.debtTokens.slice(10, 13).map((candidate) => candidate.address),
    )
    const found = (await call('GET', `/__sim/tables/debtTokens?q=${token.debtorAddress.toUpperCase().slice(2)}`)).json
    expect(found.total).toBe(fixtures.debtTokens.filter((t) => t.debtorAddress === token.debtorAddress).length)
    const user = fixtures.users[0]!
    expect((await call('GET', `/__sim/tables/users?q=${user.id}`)).json.records[0].key).toBe(user.id.toLowerCase())
    expect((await call('GET', '/__sim/tables/nothing')).status).toBe(400)
  })

  it("opens a record with its links: security token, signature contract, the debtor's other tokens", async () => {
    const linked = fixtures.debtTokens.find((candidate) => (candidate as any).securityTokenAddress !== null)!
    const view = (await call('GET', `/__sim/tables/debtTokens/${linked.address}`)).json
    const labels = view.links.map((link: any) => link.label)
    expect(labels).toEqual(expect.arrayContaining(['security token', 'signature contract', "the debtor's debt tokens"]))
    for (const link of view.links.filter((candidate: any) => candidate.key !== null)) {
      expect((await call('GET', `/__sim/tables/${link.table}/${link.key}`)).status, link.label).toBe(200)
    }
    const contract = view.links.find((link: any) => link.label === 'signature contract')
    const back = (await call('GET', `/__sim/tables/signatureContracts/${contract.key}`)).json
    expect(back.links.find((link: any) => link.label === 'debt token').key).toBe(linked.address.toLowerCase())
    expect(expectErrorShape(await call('GET', '/__sim/tables/users/nobody'), 404)).toMatch(/no record "nobody"/)
  })

  it("shows the status the clock gives, and a session's own records", async () => {
    const active = fixtures.debtTokens.find((candidate) => candidate.status === 1)!
    await call('PUT', '/__sim/clock', { body: { now: '2040-01-01T00:00:00Z' } })
    expect((await call('GET', `/__sim/tables/debtTokens/${active.address}`)).json.record.status).toBe(4)
    const created = await call('POST', '/securityToken', { body: { data: {} }, headers: { 'x-sim-session': 'qa' } })
    const address = created.json.contractAddress as string | undefined
    const count = (session?: string) =>
      call(
        'GET',
        '/__sim/tables/securityTokens',
        session === undefined ? {} : { headers: { 'x-sim-session': session } },
      )
    expect((await count('qa')).json).toMatchObject({ session: 'qa', total: 4 })
    expect((await count()).json.total).toBe(3)
    if (address !== undefined) expect((await count('qa')).json.records[3].key).toBe(address.toLowerCase())
  })
})

describe('tables of a generated world', () => {
  let large: StandaloneServer
  beforeAll(async () => {
    large = await startStandaloneServer({ port: 0, size: 25_000 })
  })
  afterAll(() => large.close())
  const get = async (path: string, headers: Record<string, string> = {}) =>
    (await fetch(`${large.url}${path}`, { headers: { authorization: 'Bearer big', ...headers } })).json() as any

  it('pages without building the table, and finds by whole address through the indexes', async () => {
    const last = await get('/__sim/tables/debtTokens?offset=24998&limit=5')
    expect(last.total).toBe(25_000)
    expect(last.records).toHaveLength(2)
    const token = last.records[1].record
    const debtor = await get(`/__sim/tables/debtTokens?q=${token.debtorAddress.toUpperCase().replace('0X', '0x')}`)
    const viaApi = await get(`/debtToken/debtor/${token.debtorAddress}`)
    expect(debtor.records.map((row: any) => row.key)).toEqual(
      expect.arrayContaining(viaApi.map((t: any) => t.address.toLowerCase())),
    )
    // Over 20,000 records a part of a value is not searched (that would build every record).
    expect((await get(`/__sim/tables/debtTokens?q=${token.debtorAddress.slice(2, 12)}`)).total).toBe(0)
  })

  it('pages the same as the whole list', () => {
    const live = large.simulator.model.securityTokens
    const all = live.all()
    for (const [start, count] of [
      [0, 5],
      [3, 100],
      [all.length - 1, 5],
      [all.length + 3, 5],
    ] as const)
      expect(live.slice(start, count)).toEqual(all.slice(start, start + count))
  })
})

describe('a page of a table with writes and deletions', () => {
  it('is the same slice as the whole list', async () => {
    const simulator = createSimulatorCore()
    const table = simulator.model.securityTokens
    const first = fixtures.securityTokens[0]!.contractAddress.toLowerCase()
    table.delete(first)
    await table.update(fixtures.securityTokens[2]!.contractAddress.toLowerCase(), (draft) => {
      draft.tokenName = 'changed'
    })
    await table.insert({ ...table.all()[0]!, contractAddress: `0x${'ab'.repeat(20)}` })
    const all = table.all()
    expect(all).toHaveLength(fixtures.securityTokens.length)
    for (let start = 0; start <= all.length + 1; start++)
      for (let count = 0; count <= all.length + 1; count++)
        expect(table.slice(start, count), `${start}+${count}`).toEqual(all.slice(start, start + count))
  })
})

/** The control API under /__sim and sessions, over real HTTP on 127.0.0.1. */
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ControlRouteId, controlRoutes } from '../../src/contract/control.ts'
import { buildOpenApiDocument } from '../../src/contract/openapi.ts'
import { documentPaths } from '../../src/contract/openapi-paths.ts'
import { operations } from '../../src/contract/operations.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { samples } from '../support/samples.ts'
import { expectErrorShape, fixtures } from '../support/world.ts'

let running: StandaloneServer
const lines: string[] = []
beforeAll(async () => {
  running = await startStandaloneServer({
    port: 0,
    sessionLimit: 3,
    sessionIdleMs: 400,
    journalCapacity: 50,
    log: 'normal',
    logSink: (line) => lines.push(line),
  })
})
afterAll(() => running.close())
beforeEach(() => running.simulator.reset())

async function call(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
) {
  const headers: Record<string, string> = {
    ...(options.auth !== false && { authorization: 'Bearer control-test' }),
    'content-type': 'application/json',
    ...options.headers,
  }
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  })
  return { status: response.status, headers: response.headers, json: (await response.json()) as any }
}

describe('control API', () => {
  it('lists its routes, none behind the Bearer check', async () => {
    const index = await call('GET', '/__sim', { auth: false })
    expect(index.status).toBe(200)
    const paths = index.json.routes.map((route: { method: string; path: string }) => `${route.method} ${route.path}`)
    for (const route of [
      'GET /__sim/health',
      'POST /__sim/reset',
      'GET /__sim/state',
      'GET /__sim/journal',
      'GET /__sim/clock',
      'PUT /__sim/clock',
      'GET /__sim/scenario',
      'PUT /__sim/scenario',
      'GET /__sim/sessions',
      'DELETE /__sim/sessions/{id}',
      'GET /__sim/openapi.json',
    ]) {
      expect(paths).toContain(route)
    }
    for (const path of [
      '/__sim/health',
      '/__sim/state',
      '/__sim/journal',
      '/__sim/clock',
      '/__sim/scenario',
      '/__sim/sessions',
      '/__sim/openapi.json',
    ]) {
      expect((await call('GET', path, { auth: false })).status, path).toBe(200)
    }
  })

  it('reports health', async () => {
    const health = await call('GET', '/__sim/health', { auth: false })
    expect(health.json).toMatchObject({
      status: 'ok',
      clock: { now: '2026-03-02T12:00:00.000Z', mode: 'fixed' },
      scenario: null,
      sessions: 0,
    })
  })

  it('shows the model state and resets it to the seeded world', async () => {
    await call('POST', '/securityToken', { body: { data: {} } })
    const state = await call('GET', '/__sim/state?table=securityTokens&limit=10')
    expect(state.json.counts.securityTokens).toBe(4)
    expect(state.json.tables.securityTokens).toHaveLength(4)
    expect(Object.keys(state.json.tables)).toEqual(['securityTokens'])
    expectErrorShape(await call('GET', '/__sim/state?table=nope'), 400)
    expect((await call('POST', '/__sim/reset')).json.reset).toBe(true)
    expect((await call('GET', '/__sim/state')).json.counts).toEqual({
      signatureContracts: 15,
      users: 6,
      debtTokens: 15,
      securityTokens: 3,
      managerPayments: 6,
      investorPayments: 6,
    })
  })

  it('keeps a bounded journal filterable by operation and status', async () => {
    for (let i = 0; i < 60; i++) await call('GET', '/securityToken')
    await call('POST', '/manager', { body: {} })
    await call('POST', '/manager', { body: samples.createManagerPayment.body })
    const all = await call('GET', '/__sim/journal')
    expect(all.json.capacity).toBe(50)
    expect(all.json.entries).toHaveLength(50)
    expect(all.json.total).toBe(62)
    const refused = await call('GET', '/__sim/journal?operation=createManagerPayment&status=400')
    expect(refused.json.entries).toHaveLength(1)
    expect(refused.json.entries[0]).toMatchObject({
      method: 'POST',
      path: '/manager',
      status: 400,
      requestBody: '{}',
      operation: 'createManagerPayment',
    })
    expect(JSON.parse(refused.json.entries[0].responseBody).statusCode).toBe('400')
    expect(
      (await call('GET', '/__sim/journal?limit=2')).json.entries.map((entry: { status: number }) => entry.status),
    ).toEqual([400, 200])
    expectErrorShape(await call('GET', '/__sim/journal?status=abc'), 400)
    // A misspelt operation id is refused (it would match nothing and look like "no traffic").
    expect(expectErrorShape(await call('GET', '/__sim/journal?operation=listSecurityToken'), 400)).toMatch(
      /query parameter operation must be one of .*"listSecurityTokens".*, got "listSecurityToken"/,
    )
    await call('DELETE', '/__sim/journal')
    expect((await call('GET', '/__sim/journal')).json.entries).toEqual([])
  })

  it('fixes and advances the clock; derived fields follow', async () => {
    expect((await call('PUT', '/__sim/clock', { body: { now: '2028-06-01T00:00:00Z' } })).json).toEqual({
      now: '2028-06-01T00:00:00.000Z',
      mode: 'fixed',
    })
    expect((await call('PUT', '/__sim/clock', { body: { advanceMs: 86_400_000 } })).json.now).toBe(
      '2028-06-02T00:00:00.000Z',
    )
    const tokens = (await call('GET', '/securityToken')).json
    expect(tokens.map((token: { expired: boolean }) => token.expired)).toEqual([true, false, true])
    expectErrorShape(await call('PUT', '/__sim/clock', { body: { now: 'tomorrow' } }), 400)
    expectErrorShape(await call('PUT', '/__sim/clock', { body: {} }), 400)
    await call('POST', '/__sim/reset')
    expect((await call('GET', '/__sim/clock')).json.now).toBe('2026-03-02T12:00:00.000Z')
  })

  it('serves the OpenAPI document with this server as its server', async () => {
    const document = (await call('GET', '/__sim/openapi.json')).json
    expect(document.openapi).toBe('3.1.0')
    expect(document.servers).toEqual([{ url: running.url }])
    // One path item per path of the contract, routes that differ only in a parameter's name sharing one
    // (openapi-paths.ts); derived, not counted, so adding a route changes nothing here.
    const apiPaths = new Set([...documentPaths(operations).values()].map(({ path }) => path))
    expect(
      Object.keys(document.paths)
        .filter((path) => !path.startsWith('/__sim'))
        .sort(),
    ).toEqual([...apiPaths].sort())
    expect(apiPaths.size).toBeLessThan(operations.length) // the shared path items are there to be shared
    const controlPaths = new Set(controlRoutes.map(({ path }) => path))
    expect(
      Object.keys(document.paths)
        .filter((path) => path.startsWith('/__sim'))
        .sort(),
    ).toEqual([...controlPaths].sort())
  })

  it('answers a body or query mistake in the documented shape, naming the field, and changes nothing', async () => {
    const mistakes: [string, string, unknown, string][] = [
      ['PUT', '/__sim/clock', { now: 5 }, 'body.now must be a string, got number'],
      ['PUT', '/__sim/clock', { now: '2026-02-30T00:00:00Z' }, 'body.now is not a real date: 2026-02-30'],
      ['PUT', '/__sim/clock', { advanceMs: '1d' }, 'body.advanceMs must be a number, got "1d"'],
      [
        'PUT',
        '/__sim/clock',
        { now: '2026-06-01T00:00:00Z', advanceMs: 1 },
        'body must be {"now": "<ISO 8601 instant>"} or {"advanceMs": <milliseconds>}, not both',
      ],
      ['PUT', '/__sim/scenario', { name: ['flaky-backend'] }, 'body.name must be a string, got array'],
      [
        'GET',
        '/__sim/journal?status=abc&limit=0',
        undefined,
        'query parameter status must be a whole number from 0 to 599, got "abc"; query parameter limit must be a whole number from 1 to 2000, got "0"',
      ],
      [
        'GET',
        '/__sim/state?limit=1.5',
        undefined,
        'query parameter limit must be a whole number from 0 to 2000, got "1.5"',
      ],
    ]
    for (const [method, path, body, message] of mistakes) {
      expect(expectErrorShape(await call(method, path, { body }), 400), `${method} ${path}`).toBe(message)
    }
    expect((await call('GET', '/__sim/clock')).json.now).toBe('2026-03-02T12:00:00.000Z')
    expect((await call('GET', '/__sim/scenario')).json.active).toBeNull()
  })

  it('answers every control route as the OpenAPI document describes it', async () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { responses: Record<string, any> }>>
      components: unknown
    }
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
    ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi')
    const session = { 'x-sim-session': 'documented' }
    // One request per JSON route, in an order that gives each answer something to show; a new route needs one.
    // The dashboard's page, assets and event stream are checked in test/dashboard/.
    type JsonRouteId = Exclude<
      ControlRouteId,
      'getDashboard' | 'getDashboardScript' | 'getDashboardStyles' | 'streamEvents'
    >
    const requests: Record<JsonRouteId, [string, { body?: unknown; headers?: Record<string, string> }?]> = {
      listControlRoutes: ['/__sim'],
      getHealth: ['/__sim/health'],
      activateScenario: ['/__sim/scenario', { body: { name: 'flaky-backend' }, headers: session }],
      addScenarioRule: [
        '/__sim/scenario/rules',
        {
          body: { operation: 'createManagerPayment', fromCall: 2, respond: { status: 503, message: 'down' } },
          headers: session,
        },
      ],
      getScenario: ['/__sim/scenario', { headers: session }],
      getState: ['/__sim/state?table=users&limit=2', { headers: session }],
      createRecords: ['/__sim/factories/debtTokens', { body: { count: 2, state: 'overdue' }, headers: session }],
      listJournal: ['/__sim/journal?limit=5'],
      getJournalHar: ['/__sim/journal.har?limit=5'],
      listSessions: ['/__sim/sessions'],
      getClock: ['/__sim/clock'],
      setClock: ['/__sim/clock', { body: { advanceMs: 1000 } }],
      deactivateScenario: ['/__sim/scenario', { headers: session }],
      listTableRecords: ['/__sim/tables/users?limit=2&q=a', { headers: session }],
      getTableRecord: [`/__sim/tables/users/${fixtures.users[0]!.id}`, { headers: session }],
      listScenarioCatalog: ['/__sim/scenarios'],
      getScenarioFile: ['/__sim/scenarios/flaky-backend'],
      getScenarioSchema: ['/__sim/scenario.schema.json'],
      checkScenario: ['/__sim/scenario/check', { body: { name: 'draft', scenario: { description: 'd', rules: [] } } }],
      buildScenarioFile: [
        '/__sim/scenario-file',
        {
          body: {
            exchanges: [
              {
                method: 'GET',
                path: '/securityToken',
                query: '',
                requestHeaders: { authorization: 'Bearer t' },
                requestBody: null,
                status: 200,
                responseBody: '[]',
              },
            ],
          },
        },
      ],
      buildScenarioFromHar: [
        '/__sim/scenario-file/from-har?name=checkout.har',
        {
          body: {
            log: {
              version: '1.2',
              entries: [
                {
                  request: { method: 'GET', url: 'https://api.example.test/securityToken', headers: [] },
                  response: { status: 200, content: { mimeType: 'application/json', text: '[]' } },
                },
              ],
            },
          },
        },
      ],
      getRecordedScenario: ['/__sim/recording/scenario'], // 409: nothing recorded yet
      startRecording: ['/__sim/recording', { body: {} }],
      getRecording: ['/__sim/recording'],
      stopRecording: ['/__sim/recording'],
      replayScenario: ['/__sim/replay', { body: { name: 'flaky-backend' } }],
      resetSimulator: ['/__sim/reset', { headers: session }],
      endSession: ['/__sim/sessions/documented'],
      clearJournal: ['/__sim/journal'],
      getOpenApiDocument: ['/__sim/openapi.json'],
      flushRecording: ['/__sim/record/flush'], // 409: this server is not recording
      getCoverage: ['/__sim/coverage'],
      resetCoverage: ['/__sim/coverage/reset'],
    }
    await call('GET', '/securityToken', { headers: session })
    for (const [id, [target, options = {}]] of Object.entries(requests)) {
      const route = controlRoutes.find((candidate) => candidate.id === id)!
      const reply = await call(route.method, target, options)
      const declared = document.paths[route.path]![route.method.toLowerCase()]!.responses[String(reply.status)]
      expect(declared, `${id} answered ${reply.status}, which the document does not declare`).toBeDefined()
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
      const schema = JSON.parse(
        JSON.stringify(declared.content['application/json'].schema).replaceAll(
          '"#/components/',
          '"openapi#/components/',
        ),
      )
      expect(ajv.validate(schema, reply.json), `${id} → ${reply.status}: ${ajv.errorsText(ajv.errors)}`).toBe(true)
    }
    expect(Object.keys(requests).sort()).toEqual(
      controlRoutes
        .filter((route) => !('produces' in route))
        .map((route) => route.id)
        .sort(),
    )
  })

  it("takes every example the document gives a control route's body, as a generated collection sends it", async () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { operationId: string; requestBody?: any; parameters?: any[] }>>
      components: { schemas: Record<string, { examples?: unknown[] }> }
    }
    // A path parameter's example, else the first value its schema allows (a table: the one a state needs).
    const paths: Record<string, string> = { '/__sim/factories/{table}': '/__sim/factories/debtTokens' }
    let sent = 0
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const schema = operation.requestBody?.content['application/json'].schema
        if (schema === undefined || !path.startsWith('/__sim')) continue
        const examples = document.components.schemas[String(schema.$ref).split('/').pop()!]!.examples
        expect(examples, `${operation.operationId} has no example body`).toBeDefined()
        for (const body of examples!) {
          running.simulator.reset()
          const reply = await call(method.toUpperCase(), paths[path] ?? path, { body })
          expect(reply.status, `${operation.operationId} ${JSON.stringify(body)}: ${JSON.stringify(reply.json)}`).toBe(
            200,
          )
          sent++
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(15)
  })

  it('answers unknown control routes with a JSON 404 listing them', async () => {
    expect(expectErrorShape(await call('GET', '/__sim/nothing'), 404)).toMatch(/control routes: GET \/__sim/)
    expect((await call('POST', '/__sim/health')).status).toBe(405)
  })

  it('logs one concise line per request', async () => {
    lines.length = 0
    await call('POST', '/manager', { body: {}, headers: { 'x-sim-session': 'log-check' } })
    await call('GET', '/securityToken', { headers: { 'x-sim-scenario': 'flaky-backend' } })
    await call('GET', '/__sim/health')
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} POST \/manager 400 \d+\.\dms createManagerPayment session=log-check$/,
    )
    expect(lines[1]).toMatch(/ GET \/securityToken 200 \d+\.\dms listSecurityTokens scenario=flaky-backend$/)
    expect(lines[2]).toMatch(/ GET \/__sim\/health 200 \d+\.\dms control$/)
  })
})

describe('sessions', () => {
  const st = fixtures.securityTokens[0]!.contractAddress
  const inSession = (id: string) => ({ headers: { 'x-sim-session': id } })

  it('give each client its own copy of the seeded world', async () => {
    const created = await call('POST', '/securityToken', { body: { data: {} }, ...inSession('alice') })
    expect(created.status).toBe(200)
    await call('DELETE', `/securityToken?contractAddress=${st}`, inSession('bob'))
    expect((await call('GET', '/securityToken', inSession('alice'))).json).toHaveLength(4)
    expect((await call('GET', '/securityToken', inSession('bob'))).json).toHaveLength(2)
    expect((await call('GET', '/securityToken')).json).toHaveLength(3)
    // The same seed in each session: alice's creation replays identically in a fresh session.
    expect((await call('POST', '/securityToken', { body: { data: {} }, ...inSession('carol') })).json).toEqual(
      created.json,
    )
    const sessions = (await call('GET', '/__sim/sessions')).json
    expect(sessions.sessions.map((session: { id: string }) => session.id).sort()).toEqual(['alice', 'bob', 'carol'])
  })

  it('have their own scenario state and reset', async () => {
    await call('PUT', '/__sim/scenario', { body: { name: 'expired-credentials' }, ...inSession('qa-1') })
    expect((await call('GET', '/securityToken', inSession('qa-1'))).status).toBe(401)
    expect((await call('GET', '/securityToken', inSession('qa-2'))).status).toBe(200)
    expect((await call('GET', '/securityToken')).status).toBe(200)
    expect((await call('GET', '/__sim/scenario', inSession('qa-1'))).json.active).toBe('expired-credentials')
    expect((await call('GET', '/__sim/scenario')).json.active).toBeNull()
    await call('POST', '/__sim/reset', inSession('qa-1'))
    expect((await call('GET', '/securityToken', inSession('qa-1'))).status).toBe(200)
    expect((await call('GET', '/__sim/sessions')).json.sessions).toHaveLength(2)
  })

  it('are capped with a clear error, can be ended, and expire when idle', async () => {
    // Only the date is faked, and held still (sockets and timers stay real): idle expiry without waiting.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-06-01T00:00:00Z'))
      for (const id of ['s1', 's2', 's3']) expect((await call('GET', '/securityToken', inSession(id))).status).toBe(200)
      const refused = await call('GET', '/securityToken', inSession('s4'))
      expect(expectErrorShape(refused, 429)).toMatch(/session limit reached \(3 sessions\)/)
      expect((await call('DELETE', '/__sim/sessions/s1')).json).toEqual({ deleted: 's1' })
      expectErrorShape(await call('DELETE', '/__sim/sessions/s1'), 404)
      expect((await call('GET', '/securityToken', inSession('s4'))).status).toBe(200)
      vi.setSystemTime(new Date('2026-06-01T00:00:00.399Z')) // idle 399 ms of 400
      expect((await call('GET', '/__sim/sessions')).json.sessions).toHaveLength(3)
      vi.setSystemTime(new Date('2026-06-01T00:00:00.401Z'))
      expect((await call('GET', '/__sim/sessions')).json.sessions).toEqual([])
    } finally {
      vi.useRealTimers()
    }
    expect(expectErrorShape(await call('GET', '/securityToken', inSession('bad id')), 400)).toMatch(/X-Sim-Session/)
  })

  it('are ended by a global reset', async () => {
    await call('GET', '/securityToken', inSession('temp'))
    await call('POST', '/__sim/reset')
    expect((await call('GET', '/__sim/sessions')).json.sessions).toEqual([])
  })
})

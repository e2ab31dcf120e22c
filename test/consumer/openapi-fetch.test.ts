/**
 * A generated client calls every operation of the document, the API's and the control API's:
 * openapi-fetch over the package's `paths`, against the standalone server from the packed tarball,
 * as a frontend's or a test suite's typed client would. Each call is typed by `paths` (tsc checks
 * this file under strict NodeNext in .ci/consumer.sh) and answers what the seeded world says; the
 * bodyless writes (resetSimulator(), a factory without options, startRecording()) go out as
 * openapi-fetch sends them, without Content-Type. A middleware records each call's method and
 * path template, and the test ends by checking they are every operation the server documents.
 */
import type { paths } from 'debt-token-simulator'
import { type StandaloneServer, startStandaloneServer } from 'debt-token-simulator/standalone'
import createClient, { type Client } from 'openapi-fetch'
import { afterAll, beforeAll, expect, it } from 'vitest'

// Records of the seeded world (fixtures/): a PENDING payment of each role, a debt token and its parties.
const SECURITY_TOKEN = '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'
const MANAGER = '0x111927677a5a4fc8c2f1f755d13d4cde055a175e'
const INVESTOR = '0xf72b2992a8ddfcb522ac348dfd5177807594693a'
const DEBT_TOKEN = '0x669ceff98ca65c9324428e3376442f831f762de4'
const DEBTOR = '0x6a6f2600eeaf9b9374b8acecba79460b25953512'
const CREDITOR = '0x8433f170bf1b30f38a39b74d6aad6f3027109d24'
const CONTRACT = '0x166f18ad2c248c177ad57af5faebc1a08f484fd3'
const USER = '8352e67d-f793-4f8b-9395-3666184dc725'
const UPDATE = {
  hash: '0x4f12da997d8f3dcfa558dab811b80df5b2ee00b18563f59e1b4ff5c0c1b0a1c2',
  date: '2026-03-02T12:00:00.000Z',
  status: 'PAID',
  amount: 1500,
} as const

let server: StandaloneServer
let client: Client<paths>
const called = new Set<string>()

beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
  client = createClient<paths>({ baseUrl: server.url, headers: { authorization: 'Bearer typed' } })
  client.use({
    onRequest({ request, schemaPath }) {
      called.add(`${request.method} ${schemaPath}`)
    },
  })
})
afterAll(() => server.close())

/** The status of a call, whatever its data type. */
const status = async (call: Promise<{ response: Response }>) => (await call).response.status

it('calls every operation of the simulated API with its typed client', async () => {
  expect(await status(client.POST('/debtToken/signature-contract', { body: {} }))).toBe(200)
  const contract = await client.GET('/debtToken/signature-contract/{address}', {
    params: { path: { address: CONTRACT } },
  })
  expect(contract.data?.signatureContractAddress).toBe(CONTRACT)
  expect((await client.GET('/users/{id}', { params: { path: { id: USER } } })).data?.id).toBe(USER)
  for (const [role, owner] of [
    ['manager', MANAGER],
    ['investor', INVESTOR],
  ] as const) {
    const created =
      role === 'manager'
        ? await client.POST('/manager', { body: { managerAddress: owner, tokenAddress: SECURITY_TOKEN } })
        : await client.POST('/investor', { body: { investorAddress: owner, tokenAddress: SECURITY_TOKEN } })
    expect(created.data?.status).toBe('success')
    const listed = await client.GET(`/${role}/{address}/{tokenAddressOrId}`, {
      params: { path: { address: owner, tokenAddressOrId: SECURITY_TOKEN } },
    })
    expect(listed.data?.length).toBeGreaterThan(1)
    // A manager payment is named by its security token, an investor's by the investor.
    const address = role === 'manager' ? SECURITY_TOKEN : owner
    const updated = await client.PUT(`/${role}/{address}/{tokenAddressOrId}`, {
      params: { path: { address, tokenAddressOrId: '2' } },
      body: UPDATE,
    })
    expect(updated.response.status, JSON.stringify(updated.error)).toBe(200)
  }
  const debtTokens = [
    client.GET('/manager/debt-tokens/{securityTokenAddress}', {
      params: { path: { securityTokenAddress: SECURITY_TOKEN } },
    }),
    client.GET('/manager/debt-tokens/{securityTokenAddress}/{debtTokenAddress}', {
      params: { path: { securityTokenAddress: SECURITY_TOKEN, debtTokenAddress: DEBT_TOKEN } },
    }),
    client.GET('/debtToken/debtor/{address}', { params: { path: { address: DEBTOR } } }),
    client.GET('/debtToken/debtor/{address}/{tokenAddress}', {
      params: { path: { address: DEBTOR, tokenAddress: DEBT_TOKEN } },
    }),
    client.GET('/debtToken/creditor/{address}', { params: { path: { address: CREDITOR } } }),
    client.GET('/debtToken/creditor/{address}/{tokenAddress}', {
      params: { path: { address: CREDITOR, tokenAddress: DEBT_TOKEN } },
    }),
  ]
  for (const read of await Promise.all(debtTokens)) expect(read.data?.length).toBeGreaterThan(0)
  expect((await client.GET('/securityToken', { params: { query: { marketplace: 'true' } } })).response.status).toBe(200)
  expect(await status(client.POST('/securityToken', { body: { data: {} } }))).toBe(200)
  expect(
    await status(
      client.PUT('/securityToken/{contractAddress}', { params: { path: { contractAddress: SECURITY_TOKEN } } }),
    ),
  ).toBe(200)
  expect(
    await status(client.DELETE('/securityToken', { params: { query: { contractAddress: SECURITY_TOKEN } } })),
  ).toBe(200)
})

it('calls every control operation, the bodyless writes as a generated client sends them', async () => {
  // resetSimulator(): a POST with no body and no Content-Type, what every suite calls first.
  expect((await client.POST('/__sim/reset')).data?.reset).toBe(true)
  expect((await client.GET('/__sim')).data?.routes.length).toBeGreaterThan(25)
  expect((await client.GET('/__sim/health')).data?.status).toBe('ok')
  expect(
    (await client.GET('/__sim/state', { params: { query: { table: 'users', limit: 2 } } })).data?.counts.users,
  ).toBe(6)
  const made = await client.POST('/__sim/factories/{table}', { params: { path: { table: 'users' } } })
  expect(made.data?.records.length).toBe(1)
  const more = await client.POST('/__sim/factories/{table}', {
    params: { path: { table: 'debtTokens' } },
    body: { count: 2, state: 'overdue' },
  })
  expect(more.data?.records.length).toBe(2)
  await client.GET('/securityToken') // the journal holds API requests; the reset emptied it
  expect((await client.GET('/__sim/journal', { params: { query: { limit: 5 } } })).data?.entries.length).toBe(1)
  // The same entries as a HAR file to save (typed: log.entries[].request.url).
  const har = (await client.GET('/__sim/journal.har', { params: { query: { limit: 5 } } })).data
  expect(har?.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual(['/securityToken'])
  expect((await client.DELETE('/__sim/journal')).data?.cleared).toBe(true)
  // The API coverage counts what the server answered since it started, until its own reset.
  expect((await client.GET('/__sim/coverage')).data?.totals.calls).toBeGreaterThan(0)
  expect((await client.POST('/__sim/coverage/reset')).data?.cleared).toBe(true)
  expect((await client.GET('/__sim/coverage')).data?.totals.calls).toBe(0)
  expect((await client.GET('/__sim/clock')).data?.mode).toBe('fixed')
  expect((await client.PUT('/__sim/clock', { body: { advanceMs: 1000 } })).data?.now).toBe('2026-03-02T12:00:01.000Z')
  expect((await client.PUT('/__sim/scenario', { body: { name: 'flaky-backend' } })).data?.active).toBe('flaky-backend')
  expect((await client.GET('/__sim/scenario')).data?.active).toBe('flaky-backend')
  const rule = { operation: 'createManagerPayment', fromCall: 2, respond: { status: 503, message: 'down' } }
  expect((await client.POST('/__sim/scenario/rules', { body: rule })).data?.active).toBe('flaky-backend')
  const checked = await client.POST('/__sim/scenario/check', {
    body: { scenario: { description: 'checked', rules: [rule] } },
  })
  expect(checked.data?.rules.length).toBe(1)
  expect(await status(client.GET('/__sim/scenario.schema.json'))).toBe(200)
  expect((await client.DELETE('/__sim/scenario')).data?.active).toBeNull()
  const session = { header: { 'X-Sim-Session': 'qa-1' } }
  expect((await client.POST('/__sim/reset', { params: session })).data?.session).toBe('qa-1')
  expect((await client.GET('/__sim/sessions')).data?.sessions.map(({ id }) => id)).toEqual(['qa-1'])
  expect((await client.DELETE('/__sim/sessions/{id}', { params: { path: { id: 'qa-1' } } })).data?.deleted).toBe('qa-1')
  expect((await client.GET('/__sim/openapi.json')).data?.openapi).toBe('3.1.0')
  // Not started with --record: the documented 409, not a 415 for the missing Content-Type.
  expect(await status(client.POST('/__sim/record/flush'))).toBe(409)
  for (const asset of ['/__sim/ui', '/__sim/ui/dashboard.js', '/__sim/ui/dashboard.css'] as const) {
    expect(await status(client.GET(asset, { parseAs: 'text' })), asset).toBe(200)
  }
  const events = await client.GET('/__sim/events', { parseAs: 'stream' })
  expect(events.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  await events.data?.cancel()
  const catalog = await client.GET('/__sim/scenarios')
  expect(catalog.data?.scenarios.map(({ name }) => name)).toContain('service-smoke')
  expect(await status(client.GET('/__sim/scenarios/{name}', { params: { path: { name: 'service-smoke' } } }))).toBe(200)
  const exchange = {
    method: 'GET',
    path: '/securityToken',
    query: '',
    requestHeaders: {},
    requestBody: null,
    status: 200,
    responseBody: null,
  }
  expect(await status(client.POST('/__sim/scenario-file', { body: { exchanges: [exchange] } }))).toBe(200)
  const harFile = {
    log: {
      version: '1.2',
      entries: [
        {
          request: { method: 'GET', url: 'https://api.example.test/securityToken', headers: [] },
          response: { status: 200, content: { mimeType: 'application/json', text: '[]' } },
        },
      ],
    },
  }
  const fromHar = await client.POST('/__sim/scenario-file/from-har', {
    params: { query: { name: 'a.har' } },
    body: harFile,
  })
  expect((fromHar.data?.steps as unknown[] | undefined)?.length).toBe(1)
  // startRecording(): a PUT without a body, as the generated client sends it.
  expect((await client.PUT('/__sim/recording')).data?.active).toBe(true)
  await client.GET('/securityToken')
  expect((await client.GET('/__sim/recording')).data?.steps).toBe(1)
  expect((await client.DELETE('/__sim/recording')).data?.active).toBe(false)
  expect(await status(client.GET('/__sim/recording/scenario'))).toBe(200)
  const replay = await client.POST('/__sim/replay', { body: { name: 'service-smoke' } })
  expect(replay.data?.passed, JSON.stringify(replay.data?.steps.filter((step) => !step.passed))).toBe(true)
  const page = await client.GET('/__sim/tables/{table}', { params: { path: { table: 'signatureContracts' } } })
  expect(page.data?.records.length).toBeGreaterThan(0)
  const record = await client.GET('/__sim/tables/{table}/{key}', {
    params: { path: { table: 'signatureContracts', key: CONTRACT } },
  })
  expect(record.data?.key).toBe(CONTRACT)
})

it('has called every operation the server documents', async () => {
  const { data } = await client.GET('/__sim/openapi.json')
  const documented = Object.entries((data as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(
    ([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  )
  expect([...called].sort()).toEqual(expect.arrayContaining(documented))
  expect(documented.length).toBeGreaterThan(45)
})

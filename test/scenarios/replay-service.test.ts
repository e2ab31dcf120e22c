/**
 * `replay --url` against the real service, a server without the simulator's control API: it is
 * told apart by `GET /__sim/health` (or taken as such with `--no-control`), files that need the
 * simulator are skipped with the reason, the others run as written with `--token`, and every step
 * answered otherwise than expected says where. Real HTTP on 127.0.0.1: a tiny node:http fake of a
 * deployment that drifted, and the standalone simulator behind a proxy that hides `/__sim`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorOnlyReasons } from '../../src/record-replay/service-replay.ts'
import { replayCommand } from '../../src/runtimes/cli/replay.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import { parseScenario } from '../../src/scenarios/scenario-schema.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const SCENARIOS = join(import.meta.dirname, '../../scenarios')
const SMOKE = join(SCENARIOS, 'service-smoke.json')
const FLAKY = join(SCENARIOS, 'flaky-backend.json')
const RICH = join(SCENARIOS, 'rich-world.json')

async function replay(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await replayCommand(argv, { out: (text) => out.push(text), err: (text) => err.push(text) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

const TOKEN = '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'
const MANAGER = '0x111927677a5a4fc8c2f1f755d13d4cde055a175e'
const CONTRACT = '0x00000000000000000000000000000000c0ffee01'

/**
 * A deployment that drifted from the simulator in four places: it reads the total back without
 * decimals, answers a stored payment with 201, lists payments with `series` for `serie`, and
 * writes the error's statusCode as a number. The rest is as documented.
 */
function driftedService(seen: { method: string; path: string; authorization: string | undefined }[]) {
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://service')
    seen.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization })
    const route = `${request.method} ${url.pathname}`
    request.resume()
    if (route === 'GET /securityToken')
      return json(response, 200, [
        {
          contractAddress: TOKEN,
          managerAddress: MANAGER,
          vaultAddresses: [],
          expired: false,
          totalInvestmentAmount: 0,
          series: [],
        },
      ])
    if (route === `GET /manager/debt-tokens/${TOKEN}`) return json(response, 200, [])
    if (route === 'POST /debtToken/signature-contract')
      return json(response, 200, { signatureContractAddress: CONTRACT })
    if (route === `GET /debtToken/signature-contract/${CONTRACT}`)
      return json(response, 200, {
        signatureContractAddress: CONTRACT,
        creditorWalletAddress: '0x8433f170bf1b30f38a39b74d6aad6f3027109d24',
        creditorId: '11.222.333/0001-81',
        debtorWalletAddress: '0x6a6f2600eeaf9b9374b8acecba79460b25953512',
        debtorId: '45.997.418/0001-53',
        type: 'legalPerson',
        debtTotalValue: '12000',
        installments: '12',
        firstInstallmentDueDate: '2027-01-10',
        lastInstallmentDueDate: '2027-12-10',
        periodicity: 'monthly',
        monthlyInterests: '1.5',
        installmentValue: '1100.16',
      })
    if (route === 'POST /manager') return json(response, 201, { status: 'success' })
    if (route === `GET /manager/${MANAGER}/${TOKEN}`)
      return json(response, 200, [
        { id: 1, managerAddress: MANAGER, tokenAddress: TOKEN, amount: 1537, series: 'SENIOR' },
      ])
    if (url.pathname.startsWith('/manager/0x123/'))
      return json(response, 400, { statusCode: 400, error: 'Bad Request', message: 'invalid address' })
    json(response, 404, { statusCode: '404', error: 'Not Found', message: `Cannot ${route}` })
  })
}

/** A proxy in front of the simulator that hides its control API, as a deployment has none. */
function hidingProxy(target: string) {
  const upstream = new URL(target)
  return createServer((request, response) => {
    if (request.url?.startsWith('/__sim')) {
      response.writeHead(404, { 'content-type': 'text/plain' })
      response.end('Not Found')
      return
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    request.pipe(forwarded)
  })
}

describe('which files can run against the real service', () => {
  it('the smoke suite can; files with rules, a world, /__sim steps or X-Sim-* headers cannot, with the reasons', () => {
    expect(simulatorOnlyReasons(loadScenarioFile(SMOKE))).toEqual([])
    expect(simulatorOnlyReasons(loadScenarioFile(FLAKY))).toEqual(['1 rule, which only the simulator applies'])
    expect(simulatorOnlyReasons(loadScenarioFile(RICH))).toEqual(['a world of its own ({"size":200})'])
    const mixed = parseScenario(
      {
        description: 'simulator only',
        rules: [],
        steps: [
          { request: { method: 'GET', path: '/__sim/health' }, expect: { status: 200 } },
          {
            request: { method: 'GET', path: '/securityToken', headers: { 'X-Sim-Scenario': 'slow-backend' } },
            expect: { status: 200, headers: { 'x-sim-scenario': 'slow-backend' } },
          },
          {
            request: { method: 'GET', path: '/securityToken', headers: { 'x-sim-session': 'qa' } },
            expect: { status: 200 },
          },
        ],
      },
      'mixed',
    )
    expect(simulatorOnlyReasons(mixed)).toEqual([
      'control API requests (/__sim) in step 1',
      'simulator request headers (X-Sim-Scenario, x-sim-session) in steps 2, 3',
      'expected simulator response headers (x-sim-scenario) in step 2',
    ])
  })
})

describe('the smoke suite', () => {
  it('labels as assumptions the steps the spec is silent on: the 200 of POST /manager, the 400 of a malformed ADDRESS', () => {
    const steps = loadScenarioFile(SMOKE).steps ?? []
    const assumed = steps.flatMap((step, index) =>
      /\(an assumption: the spec /.test(step.name ?? '') ? [index + 1] : [],
    )
    expect(assumed).toEqual([6, 8])
    expect(steps[5]!.request).toMatchObject({ method: 'POST', path: '/manager' })
    expect(steps[5]!.expect?.status).toBe(200)
    expect(steps[7]!.expect?.status).toBe(400)
    expect(loadScenarioFile(SMOKE).description).toMatch(/labelled as assumptions/)
  })
})

describe('replay --url against a service without the control API', () => {
  const seen: { method: string; path: string; authorization: string | undefined }[] = []
  const service = driftedService(seen)
  let url: string
  beforeAll(async () => {
    url = await listen(service)
  })
  afterAll(() => close(service))

  it('skips what needs the simulator, replays the rest with --token, and reports each difference (exit 1)', async () => {
    const junit = join(temporaryDirectory('replay-service-'), 'junit.xml')
    seen.length = 0
    const { code, out, err } = await replay(SMOKE, FLAKY, RICH, '--url', url, '--token', 'qa-token.1', '--junit', junit)
    expect(code, err).toBe(1)
    expect(out).toContain(
      `${url} is taken for the real service (GET /__sim/health answered 404): files that need the simulator are skipped, the others run as written`,
    )
    expect(out).toContain(`SKIP ${FLAKY}: needs the simulator: 1 rule, which only the simulator applies`)
    expect(out).toContain(`SKIP ${RICH}: needs the simulator: a world of its own ({"size":200})`)
    expect(out).toContain(`FAIL ${SMOKE} (${url}, the real service) (4/8 steps passed)`)
    for (const passed of [
      '✓ 1. the security tokens are listed',
      '✓ 2. one security token is found by its contractAddress',
      '✓ 3. the debt tokens of the security token are listed',
      '✓ 4. a signature contract is created',
    ])
      expect(out).toContain(passed)
    // A difference on a step the spec is silent on is reported under a name that says so.
    expect(out).toMatch(/6\. a manager payment is stored, answered 200 \(an assumption: /)
    expect(out).toMatch(/8\. a malformed ADDRESS is a 400 in the documented error shape \(an assumption: /)
    const differences = out.split('\n').filter((line) => line.startsWith('      '))
    expect(differences.map((line) => line.trim())).toEqual([
      'body.debtTotalValue: expected "12000.00", got "12000"',
      'status: expected 200, got 201 {"status":"success"}',
      expect.stringMatching(
        /^body: expected an array with an item matching \{"id":\{"\$type":"integer"\},"managerAddress":.*, got 1 item, none matching \(nearest: body\[0\]\.serie: expected "SENIOR", got nothing \(no such member\)\)$/,
      ),
      'body.statusCode: expected "400", got 400',
    ])
    expect(out).toContain('3 scenarios, 8 steps: 4 passed, 4 failed, 2 scenarios skipped')
    // Only the probe and the smoke suite's steps reached the service: no session, no scenario, no reset.
    expect(seen.filter((request) => request.path.startsWith('/__sim')).map((request) => request.path)).toEqual([
      '/__sim/health',
    ])
    const steps = seen.filter((request) => !request.path.startsWith('/__sim'))
    expect(steps).toHaveLength(8)
    expect(new Set(steps.map((request) => request.authorization))).toEqual(new Set(['Bearer qa-token.1']))
    const xml = readFileSync(junit, 'utf8')
    expect(xml).toContain('<testsuites name="scenario replay" tests="10" failures="4" errors="0" skipped="2"')
    expect(xml).toContain('<skipped message="needs the simulator: 1 rule, which only the simulator applies"/>')
  })

  it('exits 1 when every file was skipped: nothing was checked', async () => {
    const { code, out, err } = await replay(FLAKY, '--url', url)
    expect(code).toBe(1)
    expect(out).toContain('1 scenario, 0 steps: 0 passed, 0 failed, 1 scenario skipped')
    expect(err).toContain('no step was replayed: every scenario was skipped')
  })

  it('refuses --session against it: there is no session to replay in', async () => {
    const { code, err } = await replay(SMOKE, '--url', url, '--session', 'qa-1')
    expect(code).toBe(1)
    expect(err).toContain(`--session needs the simulator's control API, which ${url} does not have`)
  })
})

describe('replay --url against the simulator behind a proxy that hides /__sim', () => {
  let simulator: StandaloneServer
  let proxied: Server
  let url: string
  beforeAll(async () => {
    simulator = await startStandaloneServer({ port: 0 })
    proxied = hidingProxy(simulator.url)
    url = await listen(proxied)
  })
  afterAll(async () => {
    await close(proxied)
    await simulator.close()
  })

  it('passes the smoke suite as the simulator does (exit 0), on the default world and without a session', async () => {
    const before = simulator.simulator.state({ table: 'managerPayments', limit: 0 }).counts.managerPayments
    const { code, out, err } = await replay(SMOKE, FLAKY, '--url', url, '--token', 'qa-token')
    expect(code, `${out}\n${err}`).toBe(0)
    expect(out).toContain(`is taken for the real service (GET /__sim/health answered 404)`)
    expect(out).toContain(`PASS ${SMOKE} (${url}, the real service) (8/8 steps passed)`)
    expect(out).toContain(`SKIP ${FLAKY}: needs the simulator`)
    expect(simulator.simulator.sessions.list()).toEqual([])
    expect(simulator.simulator.state({ table: 'managerPayments', limit: 0 }).counts.managerPayments).toBe(before + 1)
    expect(simulator.simulator.journal.list({}).every((entry) => entry.session === null)).toBe(true)
  })
})

describe('replay --url --no-control', () => {
  let simulator: StandaloneServer
  beforeAll(async () => {
    simulator = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => simulator.close())

  it('takes even the simulator for the real service without asking it', async () => {
    const { code, out } = await replay(SMOKE, FLAKY, '--url', simulator.url, '--no-control')
    expect(code).toBe(0)
    expect(out).toContain(`${simulator.url} is taken for the real service (--no-control)`)
    expect(out).toContain(`SKIP ${FLAKY}: needs the simulator`)
    expect(simulator.simulator.scenarios.active).toBeNull()
    expect(simulator.simulator.journal.list({}).map((entry) => entry.path)).not.toContain('/__sim/health')
  })

  it('is a usage mistake without --url or with --session, as is a malformed --token (not echoed)', async () => {
    const withoutUrl = await replay(SMOKE, '--no-control')
    expect(withoutUrl.code).toBe(2)
    expect(withoutUrl.err).toContain('--no-control applies to a replay against a server: give --url too')
    const withSession = await replay(SMOKE, '--url', simulator.url, '--no-control', '--session', 'qa')
    expect(withSession.code).toBe(2)
    const badToken = await replay(SMOKE, '--token', 'secret with spaces')
    expect(badToken.code).toBe(2)
    expect(badToken.err).toContain('--token must be a Bearer token')
    expect(badToken.err).not.toContain('secret with spaces')
  })
})

describe('--token against the simulator', () => {
  it('is the token of every mask, so {{caller}} and {{caller2}} are both the wallet derived from it', async () => {
    const file = join(temporaryDirectory('replay-token-'), 'token.json')
    writeFileSync(
      file,
      JSON.stringify({
        description: 'the caller creates a security token',
        rules: [],
        steps: [
          {
            request: {
              method: 'POST',
              path: '/securityToken',
              headers: { authorization: 'Bearer ***2' },
              body: { data: {} },
            },
            expect: { status: 200, body: { managerAddress: '{{caller}}' } },
          },
        ],
      }),
    )
    expect((await replay(file, '--token', 'alice')).code).toBe(0)
    // Without it the mask ***2 sends replay-token-2, another wallet than {{caller}}'s replay-token.
    expect((await replay(file)).out).toContain('body.managerAddress: expected')
  })
})

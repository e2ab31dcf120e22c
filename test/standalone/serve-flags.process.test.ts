/**
 * The options of `serve` that no other test proved through the built command (dist/cli/cli.js),
 * each by its effect over HTTP (or on the process: its log, its port, its exit): the command
 * hands its options to the library's server, and a wiring that drops or misnames one (say
 * `journalSize` where the server reads `journalCapacity`) passes every parser test and every
 * library test. Options that do not interfere share a start; each assertion fails on its own when
 * its option's wiring is dropped.
 *
 * Session expiry follows the wall clock (sessions/session-registry.ts), not the simulator's
 * clock, so `--session-idle 1` (the least the parser takes) is waited out with a poll.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SimRequest } from '../../src/http/sim-request.ts'
import { HELP } from '../../src/runtimes/cli/serve-options.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { cliPath, projectRoot, type StartedServer, startCli } from '../support/cli-process.ts'
import { freePort } from '../support/free-port.ts'
import { listen, type RunningService, startDriftedService } from '../support/real-service.ts'
import { samples } from '../support/samples.ts'
import { fixtures } from '../support/world.ts'

const CREDENTIAL = 'serve-flags-credential'
const AUTH = { authorization: `Bearer ${CREDENTIAL}` }
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' }
const QA_ORIGIN = 'https://qa.example.com'
const OTHER_ORIGIN = 'https://other.example.com'
const user = fixtures.users[0]!

/**
 * The test process's environment without the variables `serve` reads: only what a test gives
 * reaches the command, so a developer's own HOST or SIM_* cannot make a dropped option pass (and
 * without a display, so --open opens nothing).
 */
const inherit = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !['HOST', 'PORT', 'DISPLAY', 'WAYLAND_DISPLAY'].includes(name) && !name.startsWith('SIM_'),
  ),
)

const run = promisify(execFile)

const start = (args: string[], env: Record<string, string> = {}) => startCli(args, { env, inherit })

/** An error body in the documented shape with this status; returns it. */
async function errorBody(response: Response, status: number): Promise<{ statusCode: string; message: string }> {
  const body = (await response.json()) as { statusCode: string; error: string; message: string }
  expect(response.status, JSON.stringify(body)).toBe(status)
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode'])
  expect(body.statusCode).toBe(String(status))
  return body
}

/** Polls `check` every 50 ms until it holds; throws with `explain()` after `limitMs` (a bound for a broken wiring, not a timing claim). */
async function until(check: () => boolean | Promise<boolean>, explain: () => string, limitMs = 15_000) {
  const deadline = Date.now() + limitMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(explain())
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const scratchDirectories: string[] = []
afterAll(() => {
  for (const directory of scratchDirectories) rmSync(directory, { recursive: true, force: true })
})

/** A directory for a group's start, removed after the file's tests (temporaryDirectory's goes after one test). */
function scratchDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix))
  scratchDirectories.push(directory)
  return directory
}

/** Writes a scenario file `<name>.json` into `directory`. */
function writeScenario(directory: string, name: string, rules: unknown[]): void {
  writeFileSync(join(directory, `${name}.json`), JSON.stringify({ description: `serve-flags: ${name}`, rules }))
}

/** The control API's view of a server: a GET of `/__sim/<path>`, parsed. */
async function control(url: string, path: string, headers: Record<string, string> = {}): Promise<any> {
  const response = await fetch(`${url}/__sim/${path}`, { headers })
  expect(response.status).toBe(200)
  return response.json()
}

function createManagerPayment(url: string): Promise<Response> {
  return fetch(`${url}${samples.createManagerPayment.path}`, {
    method: 'POST',
    headers: JSON_AUTH,
    body: JSON.stringify(samples.createManagerPayment.body),
  })
}

function createSignatureContract(url: string): Promise<Response> {
  return fetch(`${url}${samples.createSignatureContract.path}`, {
    method: 'POST',
    headers: JSON_AUTH,
    body: JSON.stringify(samples.createSignatureContract.body),
  })
}

/** What the library's simulator answers the first createSignatureContract with, for these options. */
async function libraryContractAddress(options: { seed?: number; now: string }): Promise<string> {
  const simulator = createSimulatorCore(options)
  const sample = samples.createSignatureContract
  const request: SimRequest = {
    method: sample.method,
    path: sample.path,
    query: new URLSearchParams(),
    header: (name) => (JSON_AUTH as Record<string, string>)[name] ?? null,
    text: async () => JSON.stringify(sample.body),
  }
  const reply = await simulator.host.handle(request)
  expect(reply.status).toBe(200)
  return (JSON.parse(reply.body!) as { signatureContractAddress: string }).signatureContractAddress
}

/** `--control-origin` or SIM_CONTROL_ORIGINS: that origin reads the control API, another foreign one gets 403. */
async function expectControlOriginAllowed(url: string): Promise<void> {
  const allowed = await fetch(`${url}/__sim/health`, { headers: { origin: QA_ORIGIN } })
  expect(allowed.status).toBe(200)
  expect(allowed.headers.get('access-control-allow-origin')).toBe(QA_ORIGIN)
  const refused = await fetch(`${url}/__sim/health`, { headers: { origin: OTHER_ORIGIN } })
  expect((await errorBody(refused, 403)).message).toContain(`does not answer the origin "${OTHER_ORIGIN}"`)
}

describe('serve -p, --fixtures, limits, journal, control origin, --open and --verbose', () => {
  const JOURNAL_BODY_LIMIT = 5000
  const EMAIL = 'serve-flags@example.com'
  let port: number
  let cli: StartedServer
  beforeAll(async () => {
    const world = scratchDirectory('serve-flags-world-')
    cpSync(join(projectRoot, 'fixtures'), world, { recursive: true })
    const users = JSON.parse(readFileSync(join(world, 'users.json'), 'utf8')) as { email: string }[]
    users[0]!.email = EMAIL
    writeFileSync(join(world, 'users.json'), JSON.stringify(users))
    port = await freePort()
    const args = ['-p', String(port), '--fixtures', world, '--open', '--verbose']
    // No opener can run without PATH: --open says so, on any platform, and opens nothing.
    cli = await start(
      [
        ...args,
        '--session-limit',
        '1',
        '--session-idle',
        '1',
        '--journal-size',
        '2',
        '--journal-body-limit',
        String(JOURNAL_BODY_LIMIT),
        '--max-records',
        '1',
        '--control-origin',
        QA_ORIGIN,
      ],
      { PATH: '' },
    )
  })
  afterAll(async () => {
    if (cli !== undefined) expect(await cli.stop()).toBe(0)
  })

  it('-p listens on that port (after the --port 0 startCli gives: the last one counts)', () => {
    expect(new URL(cli.url).port).toBe(String(port))
  })

  it("--fixtures serves that directory's world", async () => {
    const answer = await fetch(`${cli.url}/users/${user.id}`, { headers: AUTH })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ id: user.id, email: EMAIL })
  })

  it('--open tries to open the dashboard, and says how to open it by hand when it cannot', async () => {
    // Linux without a display: "no browser to open here: open <url> in one"; elsewhere the opener is not on PATH.
    const said = `: open ${cli.url}/__sim/ui in `
    await until(
      () => cli.output().includes(said),
      () => `no "${said}" in:\n${cli.output()}`,
    )
  })

  it('--session-limit 1 refuses a second session with 429 until --session-idle 1 has expired the first', async () => {
    const inSession = (id: string) => fetch(`${cli.url}/securityToken`, { headers: { ...AUTH, 'x-sim-session': id } })
    expect((await inSession('first')).status).toBe(200)
    expect((await inSession('first')).status).toBe(200) // the same session again: no new one
    const refused = await errorBody(await inSession('second'), 429)
    expect(refused.message).toContain('session limit reached (1 sessions)')
    const sessions = await control(cli.url, 'sessions')
    expect(sessions).toMatchObject({ limit: 1, idleMs: 1000, sessions: [{ id: 'first' }] })
    // Expiry follows the wall clock, not the simulator's: polled (the limit only ends a wait that
    // the default 1800 s would make endless; it claims nothing about how soon expiry comes).
    await until(
      async () => (await control(cli.url, 'sessions')).sessions.length === 0,
      () => 'the idle session "first" did not expire: --session-idle 1 is not in effect',
    )
    expect((await inSession('second')).status).toBe(200)
  })

  it('--journal-size 2 keeps the 2 newest requests in GET /__sim/journal', async () => {
    const before = (await control(cli.url, 'journal')).total as number
    for (const path of ['/securityToken', `/users/${user.id}`, '/securityToken?marketplace=true'])
      expect((await fetch(`${cli.url}${path}`, { headers: AUTH })).status).toBe(200)
    const journal = await control(cli.url, 'journal')
    expect(journal.capacity).toBe(2)
    expect(journal.total).toBe(before + 3)
    expect(journal.entries.map((entry: { path: string; query: string }) => `${entry.path}?${entry.query}`)).toEqual([
      `/users/${user.id}?`,
      '/securityToken?marketplace=true',
    ])
  })

  it(`--journal-body-limit ${JOURNAL_BODY_LIMIT} cuts a long body at ${JOURNAL_BODY_LIMIT} characters in the journal`, async () => {
    // Past the default limit (4096, also the least), short of this one's double.
    const body = JSON.stringify({ note: 'x'.repeat(JOURNAL_BODY_LIMIT + 1000) })
    const response = await fetch(`${cli.url}/manager`, { method: 'POST', headers: JSON_AUTH, body })
    await errorBody(response, 400) // journaled all the same
    const [entry] = (await control(cli.url, 'journal?limit=1')).entries
    expect(entry).toMatchObject({ method: 'POST', path: '/manager', status: 400 })
    expect(entry.requestBody).toBe(`${body.slice(0, JOURNAL_BODY_LIMIT)}…[${body.length - JOURNAL_BODY_LIMIT} more]`)
  })

  it('--max-records 1 answers the second create 507; --verbose logs both with their bodies', async () => {
    const stored = await createManagerPayment(cli.url)
    expect(stored.status).toBe(200)
    const storedBody = await stored.text()
    const refused = await errorBody(await createManagerPayment(cli.url), 507)
    expect(refused.message).toContain('would pass its capacity of 1')

    // The log is written in order: once a later request's line is there, the lines before it are whole.
    await fetch(`${cli.url}/__sim/health?after-the-creates`)
    await until(
      () => cli.output().includes('GET /__sim/health'),
      () => `no log line for the later request in:\n${cli.output()}`,
    )
    const requestLine = `  request  ${JSON.stringify(samples.createManagerPayment.body).slice(0, 500)}`
    const log = cli.output()
    expect(log).toMatch(/ POST \/manager 200 [\d.]+ms createManagerPayment\n {2}auth {5}Bearer \*\*\*\d/)
    expect(log).toContain(`${requestLine}\n  response ${storedBody}`)
    expect(log).toContain(`  response ${JSON.stringify(refused)}`)
    expect(log).not.toContain(CREDENTIAL) // masked
  })

  it(`--control-origin ${QA_ORIGIN} lets that page use the control API; another foreign page gets 403`, async () => {
    await expectControlOriginAllowed(cli.url)
  })
})

describe('serve --quiet configured by HOST, SIM_SEED, SIM_NOW, SIM_SCENARIO(S), SIM_CONTROL_ORIGINS and SIM_PERSIST', () => {
  const NOW = '2030-05-06T07:08:09.000Z'
  let dir: string
  let env: Record<string, string>
  let cli: StartedServer | undefined
  beforeAll(async () => {
    dir = scratchDirectory('serve-flags-persist-')
    const scenarios = scratchDirectory('serve-flags-scenarios-')
    writeScenario(scenarios, 'users-gone', [
      { operation: 'getUser', respond: { status: 404, message: 'gone for serve-flags' } },
    ])
    env = {
      HOST: '::1',
      SIM_SEED: '7',
      SIM_NOW: NOW,
      SIM_SCENARIO: 'security-token-rejected',
      SIM_SCENARIOS: scenarios,
      SIM_CONTROL_ORIGINS: QA_ORIGIN,
      SIM_PERSIST: dir,
    }
    cli = await start(['--quiet'], env)
  })
  afterAll(async () => {
    if (cli !== undefined) expect(await cli.stop()).toBe(0)
  })

  it('SIM_SEED 7 draws the values the library draws with seed 7, not the default seed', async () => {
    // The first draw of this server: its answer is the seeded sequence's first value.
    const response = await createSignatureContract(cli!.url)
    expect(response.status).toBe(200)
    const { signatureContractAddress } = (await response.json()) as { signatureContractAddress: string }
    const seeded = await libraryContractAddress({ seed: 7, now: NOW })
    expect(await libraryContractAddress({ now: NOW })).not.toBe(seeded)
    expect(signatureContractAddress).toBe(seeded)
  })

  it('HOST ::1 binds the IPv6 loopback address, and only it', async () => {
    const { hostname, port } = new URL(cli!.url)
    expect(hostname).toBe('[::1]')
    expect(cli!.output()).toContain(`listening on http://[::1]:${port}`)
    expect((await fetch(`${cli!.url}/securityToken`, { headers: AUTH })).status).toBe(200)
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.destroy()
        resolve('connected')
      })
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    })
    expect(refused).toBe('ECONNREFUSED')
  })

  it(`SIM_NOW ${NOW} starts the clock there`, async () => {
    expect((await control(cli!.url, 'clock')).now).toBe(NOW)
  })

  it('SIM_SCENARIO security-token-rejected is active from the start', async () => {
    const refused = await fetch(`${cli!.url}/securityToken?marketplace=true`, { headers: AUTH })
    expect(refused.headers.get('x-sim-scenario')).toBe('security-token-rejected')
    expect((await errorBody(refused, 400)).message).toBe(
      'Marketplace listing is unavailable while offering windows are recalculated',
    )
    expect((await control(cli!.url, 'health')).scenario).toBe('security-token-rejected')
  })

  it("SIM_SCENARIOS adds that directory's scenarios", async () => {
    const gone = await fetch(`${cli!.url}/users/${user.id}`, { headers: { ...AUTH, 'x-sim-scenario': 'users-gone' } })
    expect((await errorBody(gone, 404)).message).toBe('gone for serve-flags')
  })

  it(`SIM_CONTROL_ORIGINS ${QA_ORIGIN} lets that page use the control API; another foreign page gets 403`, async () => {
    await expectControlOriginAllowed(cli!.url)
  })

  it('--quiet logs no request (those of the tests above included)', async () => {
    expect((await fetch(`${cli!.url}/securityToken`, { headers: AUTH })).status).toBe(200)
    expect((await fetch(`${cli!.url}/__sim/health`)).status).toBe(200)
    const lines = cli!.output().trim().split('\n')
    expect(lines.filter((line) => !line.startsWith('debt-token-simulator'))).toEqual([])
    expect(lines).toHaveLength(2) // listening on …, dashboard: …
  })

  it('SIM_PERSIST keeps a write across a restart', async () => {
    const response = await createSignatureContract(cli!.url)
    expect(response.status).toBe(200)
    const { signatureContractAddress } = (await response.json()) as { signatureContractAddress: string }
    const path = `/debtToken/signature-contract/${signatureContractAddress}`
    expect((await fetch(`${cli!.url}${path}`, { headers: AUTH })).status).toBe(200)
    const stopped = cli!
    cli = undefined
    expect(await stopped.stop()).toBe(0)
    cli = await start(['--quiet'], env)
    expect(cli.output()).toContain(`persisting to ${dir}`)
    const kept = await fetch(`${cli.url}${path}`, { headers: AUTH })
    expect(kept.status).toBe(200)
    expect(await kept.json()).toMatchObject({ signatureContractAddress })
  })
})

describe('serve --proxy-only, the service from SIM_PROXY', () => {
  let service: RunningService
  let cli: StartedServer
  beforeAll(async () => {
    service = await startDriftedService()
    cli = await start(['--quiet', '--proxy-only', 'getUser'], { SIM_PROXY: service.url })
  })
  afterAll(async () => {
    if (cli !== undefined) expect(await cli.stop()).toBe(0)
    await service?.close()
  })

  it('SIM_PROXY with --proxy-only getUser forwards that operation to the service and answers the others itself', async () => {
    const forwarded = await fetch(`${cli.url}/users/${user.id}`, { headers: AUTH })
    expect(forwarded.status).toBe(200)
    expect(forwarded.headers.get('x-sim-upstream')).toBe(service.url)
    expect(await forwarded.json()).toMatchObject({ legacyId: 7 }) // the service's drifted answer
    expect(service.received.map((request) => request.target)).toEqual([`GET /users/${user.id}`])

    const own = await fetch(`${cli.url}/securityToken`, { headers: AUTH })
    expect(own.status).toBe(200)
    expect(own.headers.get('x-sim-upstream')).toBeNull()
    expect(service.received).toHaveLength(1)
  })
})

describe('serve --proxy --proxy-except --proxy-timeout, in front of a service that never answers', () => {
  const received: string[] = []
  let service: Awaited<ReturnType<typeof listen>>
  let cli: StartedServer
  beforeAll(async () => {
    service = await listen((request) => void received.push(`${request.method} ${request.url}`))
    cli = await start(['--quiet', '--proxy', service.url, '--proxy-except', 'getUser', '--proxy-timeout', '200'])
  })
  afterAll(async () => {
    if (cli !== undefined) expect(await cli.stop()).toBe(0)
    await service?.close()
  })

  it('--proxy-except getUser answers that operation itself, nothing sent to the service', async () => {
    const own = await fetch(`${cli.url}/users/${user.id}`, { headers: AUTH })
    expect(own.status).toBe(200)
    expect(own.headers.get('x-sim-upstream')).toBeNull()
    expect(await own.json()).toMatchObject({ id: user.id, email: user.email })
    expect(received).toEqual([])
  })

  it('--proxy-timeout 200 answers a forwarded operation 504 once the service has not answered in 200 ms', async () => {
    const sent = performance.now()
    const timedOut = await fetch(`${cli.url}/securityToken`, { headers: AUTH })
    expect(performance.now() - sent).toBeGreaterThanOrEqual(200)
    expect(timedOut.headers.get('x-sim-proxy-failure')).toBe('504')
    const { message } = await errorBody(timedOut, 504)
    expect(message).toBe(
      `the service at ${service.url} did not answer GET /securityToken within 200 ms (--proxy-timeout)`,
    )
    // Whether the service saw it is not asserted: on a busy machine, connecting alone may take
    // longer than 200 ms.
  })
})

describe('serve --shutdown-grace, in a world of SIM_SIZE debt tokens', () => {
  let cli: StartedServer | undefined
  beforeAll(async () => {
    const scenarios = scratchDirectory('serve-flags-stuck-')
    writeScenario(scenarios, 'stuck', [{ operation: 'listSecurityTokens', delayMs: 3000 }])
    cli = await start(['--quiet', '--shutdown-grace', '0', '--scenarios', scenarios, '--scenario', 'stuck'], {
      SIM_SIZE: '5',
    })
  })
  afterAll(async () => {
    if (cli !== undefined) expect(await cli.stop()).toBe(0)
  })

  it('SIM_SIZE 5 generates a world of 5 debt tokens', async () => {
    expect((await control(cli!.url, 'state?limit=0')).counts.debtTokens).toBe(5)
  })

  it('--shutdown-grace 0 cuts a request under way at SIGTERM instead of answering it', async () => {
    const pending = fetch(`${cli!.url}/securityToken`, { headers: AUTH }).then(
      (response) => response.status,
      () => 'cut',
    )
    // The rule counts a call before it waits: then the server has read the request, which the
    // default grace (5 s) would answer once its 3 s delay is over.
    await until(
      async () => JSON.stringify(await control(cli!.url, 'scenario')).includes('"calls":1'),
      () => 'the delayed request never reached its rule',
    )
    const stopped = cli!
    cli = undefined
    expect(await stopped.stop()).toBe(0)
    expect(stopped.output()).toContain('SIGTERM, shutting down (in-flight requests may take 0 s;')
    expect(await pending).toBe('cut')
  })
})

describe('serve --help and -h, run by the built command', () => {
  it('print the options and exit 0', async () => {
    const printed = await Promise.all(
      ['--help', '-h'].map((flag) => run(process.execPath, [cliPath, 'serve', flag], { encoding: 'utf8' })),
    )
    for (const { stdout, stderr } of printed) expect({ stdout, stderr }).toEqual({ stdout: `${HELP}\n`, stderr: '' })
  })
})

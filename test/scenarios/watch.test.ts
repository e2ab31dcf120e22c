/**
 * `serve --watch`: real files in a temporary directory, a standalone server over HTTP on
 * 127.0.0.1 built as `serve` builds it, and the watcher the command starts. An edited scenario is
 * reloaded (an active one stays active with fresh counters), a file with a mistake keeps its last
 * good version and says where the mistake is, a burst of writes is one reload, and a fixture edit
 * resets the seeded world, sessions included, and says so.
 */
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadFixtureDirectory } from '../../src/model/load-fixture-directory.ts'
import { type DirectoryWatch, watchDirectories } from '../../src/runtimes/cli/watch.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { loadScenarioDirectory } from '../../src/scenarios/load-scenarios.ts'
import type { ScenarioInput } from '../../src/scenarios/scenario-schema.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const USER = fixtures.users[0]!.id
const FIXTURES = join(import.meta.dirname, '../../fixtures')

interface Running {
  server: StandaloneServer
  watch: DirectoryWatch
  log: string[]
  warnings: string[]
}

const running: Running[] = []
afterEach(async () => {
  for (const { server, watch } of running.splice(0)) {
    watch.close()
    await server.close()
  }
})

/** What `serve --watch --scenarios <dir> --fixtures <dir>` builds, with its log captured. */
async function serveWatching(
  directories: { scenarios?: string; fixtures?: string },
  { scenario, debounceMs }: { scenario?: string; debounceMs?: number } = {},
): Promise<Running> {
  const simulator = createSimulatorCore({
    ...(directories.scenarios !== undefined && { scenarios: loadScenarioDirectory(directories.scenarios) }),
    ...(directories.fixtures !== undefined && { fixtures: loadFixtureDirectory(directories.fixtures) }),
  })
  if (scenario !== undefined) simulator.scenarios.use(scenario)
  const server = await startStandaloneServer({ port: 0, simulator })
  const log: string[] = []
  const warnings: string[] = []
  const watch = watchDirectories(simulator, {
    ...directories,
    log: (line) => log.push(line),
    warn: (line) => warnings.push(line),
    ...(debounceMs !== undefined && { debounceMs }),
  })
  const started = { server, watch, log, warnings }
  running.push(started)
  return started
}

/** Polls until `condition` holds (the watcher reloads asynchronously); fails after 10 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 25) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

async function get(server: StandaloneServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: 'Bearer watch', ...headers } })
  const text = await response.text()
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) }
}

const userRule = (respond: Record<string, unknown>, extra: Record<string, unknown> = {}): ScenarioInput => ({
  description: 'users answer an error',
  rules: [{ operation: 'getUser', respond: respond as never, ...extra }],
})

function writeScenario(directory: string, name: string, content: unknown): string {
  const file = join(directory, `${name}.json`)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return file
}

describe('serve --watch, scenarios', () => {
  it('reloads an edited scenario; the active one stays active with fresh counters', async () => {
    const directory = temporaryDirectory('watch-scenarios-')
    writeScenario(directory, 'users-gone', userRule({ status: 404, message: 'gone' }))
    const { server, log } = await serveWatching({ scenarios: directory }, { scenario: 'users-gone' })
    expect((await get(server, `/users/${USER}`)).status).toBe(404)
    expect((await get(server, `/users/${USER}`)).status).toBe(404)
    expect(server.simulator.scenarios.status()!.rules[0]).toEqual({ operation: 'getUser', calls: 2, fired: 2 })

    writeScenario(
      directory,
      'users-gone',
      userRule({ status: 429, message: 'slow down', headers: { 'Retry-After': '30' } }, { times: 1 }),
    )
    await until(() => log.length >= 2, 'the reload')
    expect(log).toEqual([
      `scenarios reloaded from ${directory}: changed users-gone`,
      '  scenario users-gone stays active, with fresh counters',
    ])
    expect(server.simulator.scenarios.active).toBe('users-gone')
    expect(server.simulator.scenarios.status()!.rules[0]).toEqual({ operation: 'getUser', calls: 0, fired: 0 })
    const limited = await get(server, `/users/${USER}`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('30')
    expect((await get(server, `/users/${USER}`)).status).toBe(200) // times: 1, counted from the reload
  })

  it('keeps the last good version of a file with a mistake, naming the file, the field and the problem', async () => {
    const directory = temporaryDirectory('watch-mistake-')
    const file = writeScenario(directory, 'users-gone', userRule({ status: 404, message: 'gone' }))
    const { server, log, warnings } = await serveWatching({ scenarios: directory }, { scenario: 'users-gone' })
    writeScenario(directory, 'users-gone', userRule({ status: 302, message: 'moved' }))
    await until(() => warnings.length >= 1, 'the warning')
    expect(warnings[0]).toBe(
      `${file}: rules[0].respond.status: must be an HTTP error status: a whole number from 400 to 599, got 302\n` +
        '  (the last good version stays in use)',
    )
    writeScenario(directory, 'broken', '{ "description": ')
    await until(() => warnings.length >= 2, 'the second warning')
    expect(warnings[1]).toMatch(
      new RegExp(`^${join(directory, 'broken.json')}: not valid JSON: .*\\n  \\(not loaded\\)$`),
    )
    expect(log).toEqual([])
    expect(server.simulator.scenarios.names).not.toContain('broken')
    expect((await get(server, `/users/${USER}`)).json).toEqual({
      statusCode: '404',
      error: 'Not Found',
      message: 'gone',
    })

    writeScenario(directory, 'users-gone', userRule({ status: 503, message: 'down' }))
    await until(() => log.length >= 2, 'the reload of the fixed file')
    expect(log[0]).toBe(`scenarios reloaded from ${directory}: changed users-gone`)
    expect((await get(server, `/users/${USER}`)).status).toBe(503)
  })

  it('adds and removes scenarios; a removed active scenario is deactivated', async () => {
    const directory = temporaryDirectory('watch-add-')
    const file = writeScenario(directory, 'users-gone', userRule({ status: 404, message: 'gone' }))
    const { server, log } = await serveWatching({ scenarios: directory }, { scenario: 'users-gone' })
    writeScenario(directory, 'users-locked', userRule({ status: 423, message: 'locked' }))
    await until(() => log.length >= 1, 'the addition')
    expect(log).toEqual([`scenarios reloaded from ${directory}: added users-locked`])
    expect(server.simulator.scenarios.names).toContain('users-locked')
    const locked = await get(server, `/users/${USER}`, { 'x-sim-scenario': 'users-locked' })
    expect(locked.json).toEqual({ statusCode: '423', error: 'Locked', message: 'locked' })

    rmSync(file)
    await until(() => log.length >= 3, 'the removal')
    expect(log.slice(1)).toEqual([
      `scenarios reloaded from ${directory}: removed users-gone`,
      '  scenario users-gone is gone: deactivated',
    ])
    expect(server.simulator.scenarios.active).toBeNull()
    expect(server.simulator.scenarios.names).not.toContain('users-gone')
    expect((await get(server, `/users/${USER}`)).status).toBe(200)
  })

  it("reloads a session's active scenario and header scenarios too; an inline scenario of the same name is left alone", async () => {
    const directory = temporaryDirectory('watch-sessions-')
    writeScenario(directory, 'users-gone', userRule({ status: 404, message: 'gone' }))
    const { server, log } = await serveWatching({ scenarios: directory })
    const put = (session: string, body: unknown) =>
      fetch(`${server.url}/__sim/scenario`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-sim-session': session },
        body: JSON.stringify(body),
      })
    expect((await put('qa-1', { name: 'users-gone' })).status).toBe(200)
    expect(
      (await put('qa-2', { name: 'users-gone', scenario: userRule({ status: 409, message: 'mine' }) })).status,
    ).toBe(200)
    expect((await get(server, `/users/${USER}`, { 'x-sim-scenario': 'users-gone' })).status).toBe(404)

    writeScenario(directory, 'users-gone', userRule({ status: 410, message: 'long gone' }))
    await until(() => log.length >= 2, 'the reload')
    expect(log).toEqual([
      `scenarios reloaded from ${directory}: changed users-gone`,
      '  scenario users-gone stays active in session qa-1, with fresh counters',
    ])
    expect((await get(server, `/users/${USER}`, { 'x-sim-session': 'qa-1' })).status).toBe(410)
    expect((await get(server, `/users/${USER}`, { 'x-sim-session': 'qa-2' })).status).toBe(409)
    expect((await get(server, `/users/${USER}`, { 'x-sim-scenario': 'users-gone' })).json).toEqual({
      statusCode: '410',
      error: 'Gone',
      message: 'long gone',
    })
  })

  it('reloads a burst of writes once, with the last content', async () => {
    const directory = temporaryDirectory('watch-burst-')
    writeScenario(directory, 'users-gone', userRule({ status: 404, message: 'gone' }))
    // A wide quiet period, so the loop below is one burst even on a busy machine.
    const { server, log } = await serveWatching({ scenarios: directory }, { scenario: 'users-gone', debounceMs: 1000 })
    for (let i = 1; i <= 20; i++)
      writeScenario(directory, 'users-gone', userRule({ status: 500, message: `write ${i}` }))
    await until(() => log.length >= 2, 'the reload')
    await new Promise((resolve) => setTimeout(resolve, 1500)) // a second reload would have come by now
    expect(log).toEqual([
      `scenarios reloaded from ${directory}: changed users-gone`,
      '  scenario users-gone stays active, with fresh counters',
    ])
    expect((await get(server, `/users/${USER}`)).json.message).toBe('write 20')
  })
})

describe('serve --watch, fixtures', () => {
  function fixtureCopy(): string {
    const directory = temporaryDirectory('watch-fixtures-')
    for (const file of readdirSync(FIXTURES))
      if (file.endsWith('.json')) copyFileSync(join(FIXTURES, file), join(directory, file))
    return directory
  }

  it('resets the seeded world, sessions included, and says so; a mistake keeps the last good fixtures', async () => {
    const directory = fixtureCopy()
    const { server, log, warnings } = await serveWatching({ fixtures: directory })
    const written = await fetch(`${server.url}/debtToken/signature-contract`, {
      method: 'POST',
      headers: { authorization: 'Bearer watch', 'content-type': 'application/json', 'x-sim-session': 'qa-1' },
      body: JSON.stringify({ type: 'legalPerson' }),
    })
    expect(written.status).toBe(200)
    expect(server.simulator.sessions.list().map((session) => session.id)).toEqual(['qa-1'])

    const users = JSON.parse(readFileSync(join(directory, 'users.json'), 'utf8'))
    users[0].email = 'edited@example.com'
    writeFileSync(join(directory, 'users.json'), JSON.stringify(users, null, 2))
    await until(() => log.length >= 1, 'the reload')
    expect(log).toEqual([`fixtures reloaded from ${directory}: the seeded world was reset and 1 session ended`])
    expect(server.simulator.sessions.list()).toEqual([])
    expect((await get(server, `/users/${USER}`)).json.email).toBe('edited@example.com')
    expect((await get(server, `/users/${USER}`, { 'x-sim-session': 'qa-2' })).json.email).toBe('edited@example.com')

    const tokens = JSON.parse(readFileSync(join(directory, 'debt-tokens.json'), 'utf8'))
    tokens[3].parcels[0].amount = 'abc'
    writeFileSync(join(directory, 'debt-tokens.json'), JSON.stringify(tokens))
    await until(() => warnings.length >= 1, 'the warning')
    expect(warnings[0]).toBe(
      `${directory}/debt-tokens.json: [3].parcels[0].amount: must be a number, got "abc"\n` +
        '  (the last good fixtures stay in use)',
    )
    expect(log).toHaveLength(1)
    expect((await get(server, `/users/${USER}`)).json.email).toBe('edited@example.com')
  })
})

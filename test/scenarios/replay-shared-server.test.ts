/**
 * `replay --url` shares a server politely: each file runs in a session of its own, so the global
 * world, the global scenario and other people's sessions are left as they were, during the replay
 * and after it. Real HTTP on 127.0.0.1 against a standalone server started in-process.
 */

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { replaySessionId } from '../../src/record-replay/replay-server.ts'
import { replayCommand } from '../../src/runtimes/cli/replay.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { scenarioFilesIn } from '../../src/scenarios/load-scenarios.ts'
import type { ScenarioInput } from '../../src/scenarios/scenario-schema.ts'
import { SESSION_ID_PATTERN } from '../../src/sessions/session-registry.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const SHIPPED = join(import.meta.dirname, '../../scenarios')
const TOKENS = fixtures.securityTokens.length
const FIRST_TOKEN = fixtures.securityTokens[0]!.contractAddress

let running: StandaloneServer
beforeAll(async () => {
  running = await startStandaloneServer({ port: 0 })
})
afterAll(() => running.close())
beforeEach(() => running.simulator.reset())

async function call(method: string, path: string, options: { body?: unknown; session?: string } = {}) {
  const headers: Record<string, string> = {
    authorization: 'Bearer shared-server-test',
    'content-type': 'application/json',
  }
  if (options.session !== undefined) headers['x-sim-session'] = options.session
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  })
  const text = await response.text()
  return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as any) }
}

async function replay(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await replayCommand(argv, { out: (text) => out.push(text), err: (text) => err.push(text) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const sessionIds = () =>
  running.simulator.sessions
    .list()
    .map((session) => session.id)
    .sort()
const securityTokensOf = (session: string | null) =>
  running.simulator.state({ session, table: 'securityTokens', limit: 1_000 })

/** What the server looks like at every API request the replay sends. */
function watch() {
  const seen: { session: string | null; globalScenario: string | null; globalTokens: number; sessions: string[] }[] = []
  const stop = running.simulator.journal.onExchange((entry) => {
    seen.push({
      session: entry.session,
      globalScenario: running.simulator.scenarios.active,
      globalTokens: running.simulator.state({ table: 'securityTokens' }).counts.securityTokens,
      sessions: sessionIds(),
    })
  })
  return { seen, stop }
}

describe('replay --url on a shared server', () => {
  it('leaves the global world, the global scenario and other sessions alone, and the shipped scenarios pass', async () => {
    // Someone wrote to the global world, then activated a scenario for everyone.
    const created = await call('POST', '/securityToken', { body: { data: {} } })
    expect(created.status).toBe(200)
    expect((await call('PUT', '/__sim/scenario', { body: { name: 'expired-credentials' } })).status).toBe(200)
    // Someone else works in a session of their own, with a scenario of its own.
    expect(
      (await call('DELETE', `/securityToken?contractAddress=${FIRST_TOKEN}`, { session: 'qa-other' })).status,
    ).toBe(200)
    expect((await call('PUT', '/__sim/scenario', { body: { name: 'slow-backend' }, session: 'qa-other' })).status).toBe(
      200,
    )

    const { seen, stop } = watch()
    const { code, out, err } = await replay(SHIPPED, '--url', running.url).finally(stop)

    // (d) the replay's own steps pass as they do in-process, even with a global 401-everything scenario
    expect(err).toBe('')
    expect(code, out).toBe(0)
    const files = scenarioFilesIn(SHIPPED)
    expect(out).toContain(`${files.length} scenarios,`)

    // Every request of the replay ran in a replay session, a fresh one per file.
    expect(seen.length).toBeGreaterThan(0)
    const replaySessions = new Set(seen.map((request) => request.session))
    expect([...replaySessions].every((session) => session !== null && /^replay-/.test(session))).toBe(true)
    expect(replaySessions.size).toBe(files.length)

    // While it ran: (a) the other session was there, (b) the global world kept its write, (c) the global scenario stayed.
    for (const moment of seen) {
      expect(moment.sessions).toContain('qa-other')
      expect(moment.globalTokens).toBe(TOKENS + 1)
      expect(moment.globalScenario).toBe('expired-credentials')
    }

    // After it: the same, and the replay's own sessions are gone.
    expect(sessionIds()).toEqual(['qa-other'])
    expect(running.simulator.scenarios.active).toBe('expired-credentials')
    const global = securityTokensOf(null)
    expect(global.counts.securityTokens).toBe(TOKENS + 1)
    expect(global.tables.securityTokens).toContainEqual(
      expect.objectContaining({ contractAddress: created.json.contractAddress }),
    )
    const other = securityTokensOf('qa-other')
    expect(other.scenario).toBe('slow-backend')
    expect(other.counts.securityTokens).toBe(TOKENS - 1)
    expect(other.tables.securityTokens).not.toContainEqual(expect.objectContaining({ contractAddress: FIRST_TOKEN }))

    // Each file's result names its session.
    expect(out).toMatch(
      new RegExp(
        `PASS ${files[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(${running.url}, session replay-[\\w.~-]+-[0-9a-f]{8}\\)`,
      ),
    )
  })

  it('activates nothing globally: with no global scenario there is none during the replay or after', async () => {
    const { seen, stop } = watch()
    const { code, out } = await replay(
      join(SHIPPED, 'expired-credentials.json'),
      join(SHIPPED, 'empty-world.json'),
      '--url',
      running.url,
    ).finally(stop)
    expect(code, out).toBe(0)
    expect(seen.length).toBeGreaterThan(0)
    for (const moment of seen) {
      expect(moment.globalScenario).toBeNull()
      expect(moment.globalTokens).toBe(TOKENS) // the empty world was the session's only
    }
    expect(running.simulator.scenarios.active).toBeNull()
    expect(sessionIds()).toEqual([])
    expect((await call('GET', '/securityToken')).status).toBe(200)
  })

  it('with --session, replays every file in that session, resets it first, and leaves it with its data', async () => {
    const directory = temporaryDirectory('replay-session-')
    const writes: ScenarioInput = {
      description: 'creates a security token; a step that names its own session is kept in the replay one',
      rules: [{ operation: 'getUser', respond: { status: 404, message: 'gone' } }],
      steps: [
        { request: { method: 'GET', path: '/securityToken' }, expect: { status: 200, body: { $length: TOKENS } } },
        { request: { method: 'POST', path: '/securityToken', body: { data: {} } }, expect: { status: 200 } },
        {
          request: { method: 'GET', path: '/securityToken', headers: { 'X-Sim-Session': 'elsewhere' } },
          expect: { status: 200, body: { $length: TOKENS + 1 } },
        },
        {
          request: { method: 'GET', path: `/users/${fixtures.users[0]!.id}` },
          expect: { status: 404, body: { message: 'gone' } },
        },
        // Control steps act on the replay's session too, and read as the session they named.
        {
          request: { method: 'GET', path: '/__sim/scenario' },
          expect: { status: 200, body: { session: null, active: 'writes' } },
        },
        {
          request: { method: 'GET', path: '/__sim/scenario', headers: { 'x-sim-session': 'elsewhere' } },
          expect: { status: 200, body: { session: 'elsewhere', active: 'writes' } },
        },
      ],
    }
    const file = join(directory, 'writes.json')
    writeFileSync(file, JSON.stringify(writes))
    // The named session holds a write of its own before the replay: the replay starts it afresh.
    expect(
      (await call('DELETE', `/securityToken?contractAddress=${FIRST_TOKEN}`, { session: 'qa-replay' })).status,
    ).toBe(200)
    expect(
      (await call('DELETE', `/securityToken?contractAddress=${FIRST_TOKEN}`, { session: 'qa-other' })).status,
    ).toBe(200)

    const { seen, stop } = watch()
    const { code, out } = await replay(
      file,
      join(SHIPPED, 'expired-credentials.json'),
      file,
      '--url',
      running.url,
      '--session',
      'qa-replay',
    ).finally(stop)
    expect(code, out).toBe(0)
    expect(out).toContain(`PASS ${file} (${running.url}, session qa-replay)`)
    expect(new Set(seen.map((request) => request.session))).toEqual(new Set(['qa-replay']))

    // The session survives with the last file's write, its scenario deactivated; nothing else moved.
    expect(sessionIds()).toEqual(['qa-other', 'qa-replay'])
    const kept = securityTokensOf('qa-replay')
    expect(kept.scenario).toBeNull()
    expect(kept.counts.securityTokens).toBe(TOKENS + 1)
    expect(securityTokensOf('qa-other').counts.securityTokens).toBe(TOKENS - 1)
    expect(securityTokensOf(null).counts.securityTokens).toBe(TOKENS)
    expect(running.simulator.scenarios.active).toBeNull()
  })

  it('fails a file that cannot get a session without evicting anyone', async () => {
    const small = await startStandaloneServer({ port: 0, sessionLimit: 1 })
    try {
      await fetch(`${small.url}/securityToken`, { headers: { authorization: 'Bearer x', 'x-sim-session': 'qa-other' } })
      const { code, err } = await replay(join(SHIPPED, 'expired-credentials.json'), '--url', small.url)
      expect(code).toBe(1)
      expect(err).toContain('POST /__sim/reset answered 429')
      expect(err).toContain('session limit reached')
      expect(small.simulator.sessions.list().map((session) => session.id)).toEqual(['qa-other'])
    } finally {
      await small.close()
    }
  })
})

describe('replay session ids', () => {
  it('are replay-<file name>-<hex>, valid session ids whatever the file is called', () => {
    expect(replaySessionId('flaky-backend')).toMatch(/^replay-flaky-backend-[0-9a-f]{8}$/)
    expect(replaySessionId('flaky-backend')).not.toBe(replaySessionId('flaky-backend'))
    for (const name of ['my scenario (v2)', 'ünïcødé', '', '---', 'x'.repeat(200), 'a/b\\c:d']) {
      const id = replaySessionId(name)
      expect(id, name).toMatch(SESSION_ID_PATTERN)
      expect(id.startsWith('replay-')).toBe(true)
    }
    expect(replaySessionId('my scenario (v2)')).toMatch(/^replay-my-scenario-v2-[0-9a-f]{8}$/)
    expect(replaySessionId('x'.repeat(200))).toHaveLength(64)
  })
})

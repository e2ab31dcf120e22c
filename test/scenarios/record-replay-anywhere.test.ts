/**
 * A recording replays on a service whose id counters stand elsewhere: a session that creates an
 * investor payment and updates it by id, recorded with `--record` and from the control API, replays
 * green against a fresh server that took other payments first. Every recording, however it was
 * made, is an indented file with the description as given and its notes in `notes`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFileRecording } from '../../src/record-replay/record-to-file.ts'
import { fetchSend, formatResults, replaySteps } from '../../src/record-replay/replay.ts'
import { replayAgainstServer } from '../../src/record-replay/replay-server.ts'
import { startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { parseScenario, type Scenario } from '../../src/scenarios/scenario-schema.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const NOW = '2026-03-02T12:00:00.000Z'
const AUTH = { authorization: 'Bearer a-secret-token' }
const INVESTOR = '0x3333333333333333333333333333333333333333'
const OTHER_INVESTOR = '0x4444444444444444444444444444444444444444'
const TOKEN = fixtures.securityTokens[0]!.contractAddress
const WORLD_CHANGED = 'the world had changed before the recording started: replay starts from the seeded one'

type Server = Awaited<ReturnType<typeof startStandaloneServer>>

async function call(server: Server, method: string, path: string, body?: unknown, headers: object = AUTH) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    // The control API takes writes as JSON only, a body or none.
    headers: { ...headers, ...((body !== undefined || method !== 'GET') && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, text: await response.text() }
}

const pay = (server: Server, investor: string) =>
  call(server, 'POST', '/investor', { investorAddress: investor, tokenAddress: TOKEN, amount: 10, serie: 'SENIOR' })

/** A scenario file's text as the simulator writes one: indented by two spaces, ended by a newline. */
function expectWrittenFile(text: string): Scenario {
  expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`)
  expect(text.split('\n').length).toBeGreaterThan(10)
  return parseScenario(JSON.parse(text), 'recorded')
}

describe('a recording made on one server', () => {
  it('replays green against a server whose payment ids stand elsewhere, from --record and the control API', async () => {
    const file = join(temporaryDirectory('record-ids-'), 'session.json')
    const recording = createFileRecording(file, { description: 'QA: investor pays', seed: 99, now: NOW })
    const recorded = await startStandaloneServer({ port: 0, seed: 99, now: NOW, recording })
    let id: number
    let fromControl: string
    try {
      expect((await pay(recorded, OTHER_INVESTOR)).status).toBe(200) // the world changes before the control recording
      const start = { description: 'QA: investor pays' }
      expect((await call(recorded, 'PUT', '/__sim/recording', start, {})).status).toBe(200)
      const created = await pay(recorded, INVESTOR)
      id = JSON.parse(created.text).id
      const update = { hash: `0x${'ab'.repeat(32)}`, date: NOW, status: 'PAID', amount: 10 }
      expect((await call(recorded, 'PUT', `/investor/${INVESTOR}/${id}`, update)).status).toBe(200)
      expect(JSON.parse((await call(recorded, 'GET', `/investor/${INVESTOR}/${TOKEN}`)).text)).toMatchObject([
        { id, status: 'PAID' },
      ])
      await call(recorded, 'DELETE', '/__sim/recording', undefined, {})
      fromControl = (await call(recorded, 'GET', '/__sim/recording/scenario', undefined, {})).text
      expect((await call(recorded, 'POST', '/__sim/record/flush', undefined, {})).status).toBe(200)
    } finally {
      await recorded.close()
    }

    const live = expectWrittenFile(fromControl)
    expect(live.description).toBe('QA: investor pays')
    expect(live.notes).toEqual([WORLD_CHANGED])
    const written = expectWrittenFile(readFileSync(file, 'utf8'))
    expect(written.description).toBe('QA: investor pays')
    expect(written.notes).toBeUndefined()
    // The file's recording also holds the first creation, whose id is {{id}}.
    const updatePath = (scenario: Scenario) =>
      scenario.steps!.find((step) => step.request.path.startsWith('/investor/'))
    expect(updatePath(live)!.request.path).toBe(`/investor/${INVESTOR}/{{id}}`)
    expect(updatePath(written)!.request.path).toBe(`/investor/${INVESTOR}/{{id2}}`)

    // Another server that took three other payments first: the replayed creation gets another id.
    for (const [name, scenario] of Object.entries({ live, written })) {
      const elsewhere = await startStandaloneServer({ port: 0, seed: 99, now: NOW })
      try {
        for (let i = 0; i < 3; i++) expect((await pay(elsewhere, OTHER_INVESTOR)).status).toBe(200)
        const results = await replaySteps(scenario.steps!, fetchSend(elsewhere.url))
        expect(results.filter((result) => !result.passed).length, formatResults(name, results)).toBe(0)
        const replayedUpdate = results.find((result) => result.request?.path.startsWith(`/investor/${INVESTOR}/`))!
        expect(replayedUpdate.request!.method).toBe('PUT')
        expect(replayedUpdate.request!.path).toMatch(new RegExp(`^/investor/${INVESTOR}/\\d+$`))
        expect(replayedUpdate.request!.path).not.toBe(`/investor/${INVESTOR}/${id}`)
        // As `replay --url` runs it: in a session of its own, reset and given the file's scenario.
        const inSession = await replayAgainstServer(elsewhere.url, scenario, name)
        expect(inSession.filter((result) => !result.passed).length, formatResults(name, inSession)).toBe(0)
        // As the dashboard runs it, whose report repeats what the recording noted.
        const report = JSON.parse((await call(elsewhere, 'POST', '/__sim/replay', { scenario, name }, {})).text)
        expect(report).toMatchObject({ passed: true, notes: scenario.notes ?? [] })
      } finally {
        await elsewhere.close()
      }
    }
  })

  it('built from journal entries is an indented file too', async () => {
    const server = await startStandaloneServer({ port: 0, seed: 99, now: NOW })
    try {
      await pay(server, INVESTOR)
      const journal = JSON.parse((await call(server, 'GET', '/__sim/journal?operation=createInvestorPayment')).text)
      const built = await call(server, 'POST', '/__sim/scenario-file', {
        exchanges: journal.entries,
        description: 'QA: from the journal',
      })
      expect(built.status).toBe(200)
      const scenario = expectWrittenFile(built.text)
      expect(scenario.description).toBe('QA: from the journal')
      expect(scenario.steps![0]!.capture).toEqual({ id: 'body.id' })
      expect(expectWrittenFile((await call(server, 'GET', '/__sim/scenarios/flaky-backend')).text).rules).toHaveLength(
        1,
      )
    } finally {
      await server.close()
    }
  })
})

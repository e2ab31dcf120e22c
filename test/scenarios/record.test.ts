/**
 * Recording: a session's requests and responses become a scenario with steps, with secrets masked
 * and generated values captured, and the recording replays green, in-process and against a fresh
 * standalone server (record → replay round trip).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callerAddress } from '../../src/domain/caller.ts'
import { createSessionRecorder, type RecordedExchange } from '../../src/record-replay/record.ts'
import { createFileRecording } from '../../src/record-replay/record-to-file.ts'
import { formatResults } from '../../src/record-replay/replay.ts'
import { replayAgainstServer } from '../../src/record-replay/replay-server.ts'
import { replayInProcess } from '../../src/runtimes/cli/replay.ts'
import { startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import { parseScenario } from '../../src/scenarios/scenario-schema.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const SECRET = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.signature'
const OTHER_SECRET = 'another-secret-token'
const CREATED = '0x1aab0e22b0bb473d89bfad5fbf5c748892b6caa3'

function exchange(
  partial: Partial<RecordedExchange> & Pick<RecordedExchange, 'method' | 'path'>,
  status = 200,
  body: unknown = {},
): RecordedExchange {
  return { query: '', headers: {}, body: '', response: { status, body: JSON.stringify(body) }, ...partial }
}

describe('the recorder', () => {
  it('masks Bearer tokens, keeps wallet-address tokens, and drops other headers', () => {
    const recorder = createSessionRecorder()
    const wallet = fixtures.securityTokens[0]!.managerAddress
    recorder.add(
      exchange({
        method: 'GET',
        path: '/securityToken',
        headers: {
          authorization: `Bearer ${SECRET}`,
          'user-agent': 'curl',
          cookie: 'a=b',
          'x-sim-scenario': 'slow-backend',
        },
      }),
    )
    recorder.add(
      exchange({ method: 'GET', path: '/securityToken', headers: { authorization: `Bearer ${OTHER_SECRET}` } }),
    )
    recorder.add(exchange({ method: 'GET', path: '/securityToken', headers: { authorization: `Bearer ${wallet}` } }))
    recorder.add(exchange({ method: 'GET', path: '/securityToken' }))
    const scenario = recorder.toScenario()
    expect(scenario.steps!.map((step) => step.request.headers)).toEqual([
      { authorization: 'Bearer ***', 'x-sim-scenario': 'slow-backend' },
      { authorization: 'Bearer ***2' },
      { authorization: `Bearer ${wallet}` },
      { authorization: null },
    ])
    const text = JSON.stringify(scenario)
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain(OTHER_SECRET)
    expect(() => parseScenario(scenario, 'recorded')).not.toThrow()
  })

  it('writes the caller derived from a masked token as {{caller}}', () => {
    const recorder = createSessionRecorder()
    const caller = callerAddress(SECRET)
    recorder.add(
      exchange(
        {
          method: 'POST',
          path: '/securityToken',
          headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
          body: '{"data":{}}',
        },
        200,
        { contractAddress: CREATED, managerAddress: caller, vaultAddresses: [] },
      ),
    )
    const step = recorder.toScenario().steps![0]!
    expect(step.expect).toEqual({
      status: 200,
      body: { contractAddress: CREATED, managerAddress: '{{caller}}', vaultAddresses: [] },
    })
    expect(step.request).toMatchObject({ headers: { 'content-type': 'application/json' }, body: { data: {} } })
  })

  it('captures a generated value the first response holds and later steps use, and writes placeholders', () => {
    const recorder = createSessionRecorder()
    recorder.add(
      exchange({ method: 'POST', path: '/securityToken', body: '{"data":{}}' }, 200, { contractAddress: CREATED }),
    )
    recorder.add(
      exchange({ method: 'GET', path: '/securityToken', query: `contractAddress=${CREATED}` }, 200, [
        { contractAddress: CREATED },
      ]),
    )
    recorder.add(
      exchange({ method: 'DELETE', path: '/securityToken', query: `contractAddress=${CREATED}` }, 200, {
        message: `security token ${CREATED} deleted`,
      }),
    )
    const [create, read, remove] = recorder.toScenario().steps!
    expect(create!.capture).toEqual({ contractAddress: 'body.contractAddress' })
    expect(create!.expect.body).toEqual({ contractAddress: '{{contractAddress}}' })
    expect(read!.request.path).toBe('/securityToken?contractAddress={{contractAddress}}')
    expect(read!.expect.body).toEqual([{ contractAddress: '{{contractAddress}}' }])
    expect(remove!.expect.body).toEqual({ message: 'security token {{contractAddress}} deleted' })
  })

  it('does not capture values the client sent first, nor values never used again', () => {
    const recorder = createSessionRecorder()
    const investor = '0x1111111111111111111111111111111111111111'
    recorder.add(
      exchange({ method: 'GET', path: `/debtToken/debtor/${investor}` }, 200, [
        { debtorAddress: investor, address: CREATED },
      ]),
    )
    recorder.add(exchange({ method: 'GET', path: `/debtToken/debtor/${investor}` }, 200, []))
    const steps = recorder.toScenario().steps!
    expect(steps.every((step) => step.capture === undefined)).toBe(true)
    expect(steps[0]!.expect.body).toEqual([{ debtorAddress: investor, address: CREATED }])
  })

  it('records network errors as such, and the rules and world of the scenario active at the start', () => {
    const recorder = createSessionRecorder({
      seed: 7,
      now: '2026-01-01T00:00:00.000Z',
      rules: [{ operation: '*', networkError: true }],
      world: { size: 10 },
    })
    recorder.add({
      ...exchange({ method: 'GET', path: '/securityToken' }),
      response: { status: 0, body: null, networkError: true },
    })
    const scenario = recorder.toScenario()
    expect(scenario).toMatchObject({
      $schema: './scenario.schema.json',
      simulator: { seed: 7, now: '2026-01-01T00:00:00.000Z' },
      world: { size: 10 },
      rules: [{ operation: '*', networkError: true }],
    })
    expect(scenario.steps![0]!.expect).toEqual({ networkError: true })
  })
})

describe('record → replay round trip', () => {
  it('a manual session against the standalone server replays green in-process and against a fresh server', async () => {
    const file = join(temporaryDirectory('record-'), 'session.json')
    const recording = createFileRecording(file, { seed: 99, now: '2026-03-02T12:00:00.000Z' })
    const server = await startStandaloneServer({ port: 0, seed: 99, recording })
    const auth = { authorization: `Bearer ${SECRET}` }
    const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...headers,
          ...((body !== undefined || method === 'POST') && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      return {
        status: response.status,
        json: (await response.text().then((text) => (text === '' ? undefined : JSON.parse(text)))) as any,
      }
    }
    try {
      const created = await send('POST', '/securityToken', {
        data: { instrument: 'CCB', series: [{ name: 'Senior', seriesAmount: '1000' }] },
      })
      expect(created.status).toBe(200)
      const address = created.json.contractAddress as string
      expect((await send('GET', `/securityToken?contractAddress=${address}`)).json).toHaveLength(1)
      const payment = await send('POST', '/investor', {
        investorAddress: '0x1111111111111111111111111111111111111111',
        tokenAddress: address,
        amount: 10,
      })
      await send('PUT', `/investor/0x1111111111111111111111111111111111111111/${payment.json.id}`, {
        hash: `0x${'ab'.repeat(32)}`,
        date: '2026-03-02T12:00:00.000Z',
        status: 'PAID',
        amount: 10,
      })
      await send('GET', `/investor/0x1111111111111111111111111111111111111111/${address}`)
      await send('GET', '/securityToken', undefined, {}) // no credentials: 401
      await send('PUT', '/__sim/scenario', { name: 'flaky-backend' }, {})
      for (let i = 0; i < 3; i++)
        await send('GET', `/manager/debt-tokens/${fixtures.securityTokens[0]!.contractAddress}`)
      await send('GET', '/__sim/scenario', undefined, {}) // read-only control calls are not recorded
      await send('DELETE', '/__sim/scenario', undefined, {})
      await send('GET', '/securityToken', undefined, { ...auth, 'x-sim-scenario': 'empty-world' })
      await send('PUT', `/securityToken/${address}`, { investmentAmount: 500 })
      const flushed = await send('POST', '/__sim/record/flush', undefined, {})
      expect(flushed.json).toEqual({ file, steps: 13 })
    } finally {
      await server.close()
    }

    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(SECRET)
    const scenario = loadScenarioFile(file)
    expect(scenario.simulator).toEqual({ seed: 99, now: '2026-03-02T12:00:00.000Z' })
    expect(scenario.steps!.map((step) => step.expect.status)).toEqual([
      200, 200, 200, 200, 200, 401, 200, 200, 200, 503, 200, 200, 200,
    ])
    expect(scenario.steps![0]!.capture).toMatchObject({ contractAddress: 'body.contractAddress' })

    const inProcess = await replayInProcess(scenario, 'session')
    expect(inProcess.filter((result) => !result.passed).length, formatResults('in-process', inProcess)).toBe(0)

    const fresh = await startStandaloneServer({ port: 0, seed: 99 })
    try {
      const remote = await replayAgainstServer(fresh.url, scenario, 'session')
      expect(remote.filter((result) => !result.passed).length, formatResults('standalone', remote)).toBe(0)
    } finally {
      await fresh.close()
    }
  })
})

/**
 * Recording through `serve --proxy --token`: the exchanges with the real service become a
 * scenario file with placeholders for what the service assigned and the secret masked; it replays
 * green against the service, and a replay against the simulator shows where the two differ.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_NOW } from '../../src/model/clock.ts'
import { DEFAULT_SEED } from '../../src/model/random.ts'
import { createFileRecording } from '../../src/record-replay/record-to-file.ts'
import { replayCommand } from '../../src/runtimes/cli/replay.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { type RunningService, startDriftedService } from '../support/real-service.ts'
import { samples } from '../support/samples.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const SECRET = 'service-secret-token'
const user = fixtures.users[0]!

let service: RunningService
beforeAll(async () => {
  service = await startDriftedService()
})
afterAll(() => service?.close())

async function replay(...argv: string[]) {
  const out: string[] = []
  const code = await replayCommand(argv, { out: (text) => out.push(text), err: (text) => out.push(text) })
  return { code, out: out.join('\n') }
}

describe('recording through the proxy', () => {
  it('writes a replayable file: placeholders for assigned values, the token masked', async () => {
    const file = join(temporaryDirectory('proxy-record-'), 'session.json')
    const recording = createFileRecording(file, { seed: DEFAULT_SEED, now: DEFAULT_NOW })
    const proxy: StandaloneServer = await startStandaloneServer({
      port: 0,
      proxy: { url: service.url, token: SECRET },
      recording,
    })
    try {
      // The client sends no credentials: the proxy's --token stands for them.
      const created = await fetch(`${proxy.url}/securityToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(samples.createSecurityToken.body),
      })
      expect(created.status).toBe(200)
      const { contractAddress } = (await created.json()) as { contractAddress: string }
      const updated = await fetch(`${proxy.url}/securityToken/${contractAddress}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { symbol: 'STPRXY' } }),
      })
      expect(updated.status).toBe(200)
      expect((await fetch(`${proxy.url}/users/${user.id}`)).status).toBe(200)
    } finally {
      await proxy.close()
    }
    await recording.flush()
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(SECRET)
    const scenario = JSON.parse(text)
    expect(scenario.steps.map((step: { request: { headers: unknown } }) => step.request.headers)).toEqual([
      { authorization: 'Bearer ***', 'content-type': 'application/json' },
      { authorization: 'Bearer ***', 'content-type': 'application/json' },
      { authorization: 'Bearer ***' },
    ])
    expect(scenario.steps[0].capture).toEqual({ contractAddress: 'body.contractAddress' })
    expect(scenario.steps[1].request.path).toBe('/securityToken/{{contractAddress}}')
    expect(scenario.steps[2].expect.body).toMatchObject({ walletAddress: '0xabc', legacyId: 7 })

    // Against the service it was recorded from: green.
    const again = await replay(file, '--url', service.url)
    expect(again.out).toMatch(/3 passed/)
    expect(again.code).toBe(0)
    // Against the simulator: the drifted user answer (and the service's other seed) show as differences.
    const simulated = await replay(file)
    expect(simulated.code).toBe(1)
    expect(simulated.out).toMatch(/walletAddress/)
    expect(simulated.out).toMatch(/legacyId/)
  })
})

/**
 * The built command with `--proxy`: it says where it forwards, injects the token from
 * SIM_PROXY_TOKEN, logs drift line by line, and on SIGTERM writes a recording of the service's
 * answers with the token masked.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCli } from '../support/cli-process.ts'
import { type RunningService, startDriftedService } from '../support/real-service.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const SECRET = 'cli-secret-token'
const user = fixtures.users[0]!

let service: RunningService
beforeAll(async () => {
  service = await startDriftedService()
})
afterAll(() => service?.close())

describe('debt-token-simulator --proxy', () => {
  it('forwards with the token, logs the drift, and records the session with the token masked', async () => {
    const file = join(temporaryDirectory('proxy-cli-'), 'real.json')
    const cli = await startCli(['--proxy', service.url, '--record', file], { env: { SIM_PROXY_TOKEN: SECRET } })
    let code: number | null
    try {
      expect(cli.output()).toContain(`proxying to ${service.url}`)
      const answer = await fetch(`${cli.url}/users/${user.id}`) // no credentials: the token stands for them
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-sim-drift')).toBe('3')
      expect(service.received.at(-1)!.headers.authorization).toBe(`Bearer ${SECRET}`)
    } finally {
      code = await cli.stop()
    }
    expect(code).toBe(0)
    expect(cli.output()).toMatch(
      /GET \/users\/\S+ 200 \S+ getUser proxied=200 DRIFT\(3\)\n {2}drift {4}body\.email is required/,
    )
    expect(cli.output()).not.toContain(SECRET)
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(SECRET)
    const scenario = JSON.parse(text)
    expect(scenario.notes).toContainEqual(expect.stringContaining(`recorded through the proxy to ${service.url}`))
    expect(scenario.steps[0].request.headers).toEqual({ authorization: 'Bearer ***' })
    expect(scenario.steps[0].expect).toMatchObject({ status: 200, body: { legacyId: 7 } })
  })
})

/**
 * The built command with `--proxy`: it says where it forwards, injects the token from
 * SIM_PROXY_TOKEN, logs drift line by line, and on SIGTERM writes a recording of the service's
 * answers with the token masked. With the token (flag or environment) it lends it only to the
 * callers the control API answers: a foreign page and a rebound Host get 403 and the service sees
 * nothing, as the library's server does (test/standalone/proxy-boundary.test.ts); the command once
 * built its own forwarder without that admission.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot, startCli } from '../support/cli-process.ts'
import { type RunningService, startDriftedService } from '../support/real-service.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const FOREIGN = 'http://evil.example'

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
    expect(scenario.description).toContain(
      `Recorded session through the proxy to ${service.url}: the answers are the service's, started `,
    )
    expect(scenario.notes).toContainEqual(expect.stringContaining(`recorded through the proxy to ${service.url}`))
    expect(scenario.steps[0].request.headers).toEqual({ authorization: 'Bearer ***' })
    expect(scenario.steps[0].expect).toMatchObject({ status: 200, body: { legacyId: 7 } })
  })
})

/** A GET with a Host of the caller's choosing (fetch sends the URL's own). */
function getWithHost(url: string, path: string, host: string): Promise<number> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (answer) => {
      answer.resume()
      resolve(answer.statusCode ?? 0)
    })
      .on('error', reject)
      .end()
  })
}

describe('the drift check of a proxy started from the package', () => {
  // Run on a thread of its own: once the server is closed, that thread must not keep the user's
  // process (a test runner, a script) from exiting.
  it.each(['standalone.js', 'standalone.cjs'])(
    'lets the process exit once the server is closed (dist/%s)',
    async (entry) => {
      const script = `
      const { startStandaloneServer } = await import(${JSON.stringify(join(projectRoot, 'dist', entry))})
      const server = await startStandaloneServer({ port: 0, proxy: { url: ${JSON.stringify(service.url)} } })
      const answer = await fetch(server.url + '/users/${user.id}', { headers: { authorization: 'Bearer qa' } })
      console.log(answer.status, answer.headers.get('x-sim-drift'))
      await server.close()`
      // Not spawnSync: the service the proxy forwards to answers from this process.
      const run = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        timeout: 30_000,
      })
      expect(run.stdout.trim()).toMatch(/^200 [1-9]\d*$/) // exited by itself, within the time-out
    },
  )
})

describe.each<{ given: string; args: string[]; env: Record<string, string> }>([
  { given: '--token', args: ['--token', SECRET], env: {} },
  { given: 'SIM_PROXY_TOKEN', args: [], env: { SIM_PROXY_TOKEN: SECRET } },
])('debt-token-simulator --proxy with the token from $given', ({ args, env }) => {
  it('refuses a foreign page and a rebound Host, and lends the token to loopback pages and clients without Origin', async () => {
    const cli = await startCli(['--proxy', service.url, ...args], { env })
    try {
      const before = service.received.length
      const read = await fetch(`${cli.url}/users/${user.id}`, { headers: { origin: FOREIGN } })
      expect(read.status).toBe(403)
      expect((await read.json()).message).toContain(`not answered for the origin "${FOREIGN}"`)
      const write = await fetch(`${cli.url}/manager`, {
        method: 'POST',
        headers: { origin: FOREIGN, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(write.status).toBe(403)
      expect(await getWithHost(cli.url, `/users/${user.id}`, 'evil.example')).toBe(403)
      expect(service.received.length).toBe(before)

      for (const origin of [undefined, 'http://localhost:5173']) {
        const answer = await fetch(`${cli.url}/users/${user.id}`, { headers: origin === undefined ? {} : { origin } })
        expect(answer.status, origin).toBe(200)
        expect(service.received.at(-1)!.headers.authorization, origin).toBe(`Bearer ${SECRET}`)
      }
      expect(service.received.length).toBe(before + 2)
    } finally {
      await cli.stop()
    }
  })
})

/**
 * A recording through `serve --proxy` when the service fails now and then (issue 31, findings 8
 * and 9): the proxy's own 504 (no answer in time), 502s (connection refused, an answer that is not
 * JSON) and 508 (a request that came back through the proxy) are marked `skip` in the file, which
 * says so in its notes; the client's token is a mask. Replayed against the service, now healthy,
 * with `--token`, the file is green and its summary counts the skipped steps; replayed without
 * the token, the service refuses it (the mask is filled from `--token`, never from the file).
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_NOW } from '../../src/model/clock.ts'
import { DEFAULT_SEED } from '../../src/model/random.ts'
import { createFileRecording } from '../../src/record-replay/record-to-file.ts'
import { replayCommand } from '../../src/runtimes/cli/replay.ts'
import { fromNodeRequest } from '../../src/runtimes/standalone/node-request.ts'
import { startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const SERVICE_TOKEN = 'the-real-service-token-31'
const TIMEOUT_MS = 300
const user = fixtures.users[0]!

type Mode = 'ok' | 'silent' | 'html' | 'own-502'

/**
 * The real service on 127.0.0.1, without a control API: a simulator's answers for the right
 * token, a 401 for any other; in mode `silent` it never answers, in mode `html` it answers a page.
 * `stop()` closes it (connections refused), `start()` listens again on the same port.
 */
function flakyService() {
  const simulator = createSimulatorCore()
  const sockets = new Set<Socket>()
  let mode: Mode = 'ok'
  const server: Server = createServer((request, response) => {
    if (mode === 'silent') return
    if (mode === 'own-502') {
      // The service's own 502, trying to pass for the proxy's.
      response.writeHead(502, { 'content-type': 'application/json', 'x-sim-proxy-failure': '502' })
      response.end(JSON.stringify({ statusCode: '502', error: 'Bad Gateway', message: 'the database is down' }))
      return
    }
    if (mode === 'html') {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<html><body>Maintenance</body></html>')
      return
    }
    if (request.url?.startsWith('/__sim') || request.headers.authorization !== `Bearer ${SERVICE_TOKEN}`) {
      const status = request.url?.startsWith('/__sim') ? 404 : 401
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ statusCode: String(status), error: 'Refused', message: 'not here' }))
      return
    }
    void simulator.host.handle(fromNodeRequest(request)).then((answer) => {
      response.writeHead(answer.status, answer.headers)
      response.end(answer.body ?? '')
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  let port = 0
  const start = () =>
    new Promise<void>((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port
        resolve()
      }),
    )
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  return {
    start,
    stop,
    setMode: (next: Mode) => void (mode = next),
    get url() {
      return `http://127.0.0.1:${port}`
    },
  }
}

const service = flakyService()
beforeAll(() => service.start())
afterAll(() => service.stop())

async function replay(...argv: string[]) {
  const out: string[] = []
  const code = await replayCommand(argv, { out: (text) => out.push(text), err: (text) => out.push(text) })
  return { code, out: out.join('\n') }
}

describe('a recording through the proxy when the service fails', () => {
  it("marks the proxy's own 502, 504 and 508 skip, holds no token, and replays green against the service", async () => {
    const directory = temporaryDirectory('proxy-failures-')
    const file = join(directory, 'session.json')
    const recording = createFileRecording(file, { seed: DEFAULT_SEED, now: DEFAULT_NOW })
    const proxy = await startStandaloneServer({
      port: 0,
      proxy: { url: service.url, timeoutMs: TIMEOUT_MS },
      recording,
    })
    const statuses: number[] = []
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await fetch(`${proxy.url}${path}`, {
        headers: { authorization: `Bearer ${SERVICE_TOKEN}`, ...headers },
      })
      statuses.push(answer.status)
      return answer.text()
    }
    try {
      await get('/securityToken')
      service.setMode('silent')
      await get(`/users/${user.id}`)
      service.setMode('html')
      await get('/securityToken')
      service.setMode('ok')
      await service.stop()
      await get(`/users/${user.id}`)
      await service.start()
      await get('/securityToken', { via: '1.1 debt-token-simulator' })
      await get(`/users/${user.id}`)
    } finally {
      await proxy.close()
    }
    expect(statuses).toEqual([200, 504, 502, 502, 508, 200])
    await recording.flush()

    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(SERVICE_TOKEN)
    const scenario = JSON.parse(text)
    expect(scenario.steps.map((step: { skip?: string }) => step.skip?.replace(/: .*/s, ''))).toEqual([
      undefined,
      "the proxy's own 504 at recording, not the service's answer",
      "the proxy's own 502 at recording, not the service's answer",
      "the proxy's own 502 at recording, not the service's answer",
      "the proxy's own 508 at recording, not the service's answer",
      undefined,
    ])
    // Each says what the proxy said, so the reader knows why.
    expect(scenario.steps[1].skip).toContain(`did not answer GET /users/${user.id} within ${TIMEOUT_MS} ms`)
    expect(scenario.steps[2].skip).toContain('a body that is not JSON (content-type text/html)')
    expect(scenario.steps[3].skip).toMatch(/could not be reached for GET \/users\/.*ECONNREFUSED/)
    expect(scenario.notes).toContain(
      "4 answer(s) were the proxy's own 502/504/508 (the service did not answer, or not with JSON), not the service's: their steps are marked skip and replay does not send them",
    )
    expect(new Set(scenario.steps.map((step: any) => step.request.headers.authorization))).toEqual(
      new Set(['Bearer ***']),
    )

    // Against the service, healthy again, with its token: green, the skipped steps counted.
    const junit = join(directory, 'junit.xml')
    const green = await replay(file, '--url', service.url, '--token', SERVICE_TOKEN, '--junit', junit)
    expect(green.out).toContain('(2/2 steps passed, 4 skipped)')
    expect(green.out).toContain('  - 2. GET /users/')
    expect(green.out).toMatch(/1 scenario, 2 steps: 2 passed, 0 failed, 4 steps skipped/)
    expect(green.code).toBe(0)
    const xml = readFileSync(junit, 'utf8')
    expect(xml.match(/<skipped message="the proxy&apos;s own 50\d at recording/g)).toHaveLength(4)
    // In-process, against a simulator like the proxy's: green the same way.
    const simulated = await replay(file)
    expect(simulated.out).toContain('(2/2 steps passed, 4 skipped)')
    expect(simulated.code).toBe(0)
    // The mask is filled from --token: without it the service refuses the replayed steps.
    const refused = await replay(file, '--url', service.url)
    expect(refused.out).toContain('✗ 1. GET /securityToken → 401')
    expect(refused.code).toBe(1)
  })

  it("says which answers are the proxy's own (X-Sim-Proxy-Failure), and never for the service's own 502", async () => {
    const proxy = await startStandaloneServer({ port: 0, proxy: { url: service.url, timeoutMs: TIMEOUT_MS } })
    try {
      const through = async () => {
        const answer = await fetch(`${proxy.url}/securityToken`, {
          headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
        })
        await answer.text()
        return [answer.status, answer.headers.get('x-sim-proxy-failure')]
      }
      service.setMode('html')
      expect(await through()).toEqual([502, '502'])
      service.setMode('own-502')
      expect(await through()).toEqual([502, null])
    } finally {
      service.setMode('ok')
      await proxy.close()
    }
  })
})

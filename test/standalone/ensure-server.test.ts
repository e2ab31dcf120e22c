/**
 * `ensureStandaloneServer` (a server-rendered app's one simulator, docs/server-rendered.md): it
 * starts the server on a port, or reuses the simulator already answering there (a second call, a
 * module evaluated again, a process that won the race), keeps `persist`, and names the port when
 * something else holds it.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it, vi } from 'vitest'
import {
  type EnsuredServer,
  ensureStandaloneServer,
  startStandaloneServer,
} from '../../src/runtimes/standalone/index.ts'
import { freePort } from '../support/free-port.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const AUTH = { authorization: 'Bearer ensure-server', 'content-type': 'application/json' }

const closing: (() => Promise<unknown>)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const close of closing.splice(0).reverse()) await close()
})

async function ensure(options: Parameters<typeof ensureStandaloneServer>[0]): Promise<EnsuredServer> {
  const server = await ensureStandaloneServer(options)
  closing.push(() => server.close())
  return server
}

async function paymentCount(url: string): Promise<number> {
  const listed = await fetch(`${url}${samples.listManagerPayments.path}`, { headers: AUTH })
  return ((await listed.json()) as unknown[]).length
}

async function createPayment(url: string): Promise<void> {
  const created = await fetch(`${url}${samples.createManagerPayment.path}`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify(samples.createManagerPayment.body),
  })
  expect(created.status).toBe(200)
}

it('starts a server, and a second call reuses it: one world, a close() that leaves it running', async () => {
  const port = await freePort()
  const first = await ensure({ port })
  expect(first).toMatchObject({ url: `http://127.0.0.1:${port}`, reused: false })
  const before = await paymentCount(first.url)
  await createPayment(first.url)

  const second = await ensureStandaloneServer({ port })
  expect(second).toEqual({ url: first.url, reused: true, close: expect.any(Function) })
  await second.close()
  expect(await paymentCount(second.url)).toBe(before + 1)

  // Once the first is closed, the next call starts a server again.
  await first.close()
  const third = await ensure({ port })
  expect(third.reused).toBe(false)
})

it('reuses a simulator another process started on the port (found by its health)', async () => {
  const other = await startStandaloneServer({ port: await freePort() })
  closing.push(() => other.close())
  const health = (await (await fetch(`${other.url}/__sim/health`)).json()) as { simulator: string }
  expect(health.simulator).toBe('debt-token-simulator')
  const ensured = await ensure({ port: Number(new URL(other.url).port) })
  expect(ensured).toMatchObject({ url: other.url, reused: true })
})

it('finds its server from a module evaluated again (a hot reload): the registry is on globalThis', async () => {
  const port = await freePort()
  const first = await ensure({ port })
  vi.resetModules()
  const reloaded = await import('../../src/runtimes/standalone/ensure-server.ts')
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  const again = await reloaded.ensureStandaloneServer({ port })
  expect(again).toMatchObject({ url: first.url, reused: true })
  expect(fetchSpy).not.toHaveBeenCalled() // found without asking the port
})

it('two calls at once make one server', async () => {
  const port = await freePort()
  const both = await Promise.all([ensure({ port }), ensure({ port })])
  expect(both.map((server) => server.reused).sort()).toEqual([false, true])
  expect(both[0].url).toBe(both[1].url)
})

it('a start that loses the port to another process reuses the winner', async () => {
  // The other process listens between this call's look at the port and its listen: the look is
  // made to find the port free, so the start meets EADDRINUSE and looks again.
  const winner = await startStandaloneServer({ port: await freePort() })
  closing.push(() => winner.close())
  const fetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() =>
    Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })),
  )
  const ensured = await ensure({ port: Number(new URL(winner.url).port) })
  expect(ensured).toMatchObject({ url: winner.url, reused: true })
  expect(await (await fetch(`${winner.url}/__sim/health`)).json()).toMatchObject({ status: 'ok' })
})

it('keeps the world across restarts with persist, and a loser of the directory reuses its holder', async () => {
  const dir = temporaryDirectory('ensure-server-')
  const port = await freePort()
  const first = await ensureStandaloneServer({ port, persist: { dir } })
  const before = await paymentCount(first.url)
  await createPayment(first.url)
  await first.close()
  const restarted = await ensure({ port, persist: { dir } })
  expect(restarted.reused).toBe(false)
  expect(await paymentCount(restarted.url)).toBe(before + 1)

  // Another server holds the directory (here: `restarted`, of this process) and one answers on the
  // port: this start fails on the directory, then reuses the one answering.
  const winner = await startStandaloneServer({ port: await freePort(), persist: { dir: temporaryDirectory('w-') } })
  closing.push(() => winner.close())
  vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() =>
    Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })),
  )
  const loser = await ensureStandaloneServer({ port: Number(new URL(winner.url).port), persist: { dir } })
  expect(loser).toMatchObject({ url: winner.url, reused: true })
})

it('names the port when a server that is not the simulator holds it', async () => {
  const plain = createServer((_request, response) => response.writeHead(404).end('Not Found'))
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))
  closing.push(() => new Promise((resolve) => plain.close(resolve)))
  const { port } = plain.address() as AddressInfo
  await expect(ensureStandaloneServer({ port })).rejects.toThrow(
    `ensureStandaloneServer: port ${port} is in use by a server that is not debt-token-simulator (GET /__sim/health answered 404, not the simulator's health): stop it, or give another port`,
  )
  // The same when the port is found free but taken by the time of the listen.
  vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() =>
    Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })),
  )
  await expect(ensureStandaloneServer({ port })).rejects.toThrow(`port ${port} is in use by a server that is not`)
})

it('refuses port 0, which it could not find again', async () => {
  await expect(ensureStandaloneServer({ port: 0 })).rejects.toThrow('give a port to find the server on again')
})

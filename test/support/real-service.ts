/**
 * Stand-ins for the real service behind `serve --proxy`, on 127.0.0.1: a second simulator (its own
 * seed) whose GET /users/{id} answer has deliberately drifted from the contract, and servers that
 * fail as real deployments do (never answering, answering HTML, redirecting elsewhere).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { fromNodeRequest } from '../../src/runtimes/standalone/node-request.ts'
import { createRequestListener } from '../../src/runtimes/standalone/server.ts'
import { createSimulatorCore, type SimulatorCore } from '../../src/simulator-core.ts'

/** The seed of the stand-in service: not the proxy's, so its answers tell where an answer came from. */
const SERVICE_SEED = 7

export interface RunningService {
  readonly url: string
  readonly simulator: SimulatorCore
  /** Requests it received, as `METHOD /path?query`, with the headers they came with. */
  readonly received: { target: string; headers: IncomingMessage['headers'] }[]
  close(): Promise<void>
}

/** Listens on a free loopback port; `close` also ends open (hanging) connections. */
export async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = createServer(handler)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  return { url, server, close }
}

/**
 * The simulator with seed SERVICE_SEED as "the real service", except that its user answers drifted:
 * `email` is gone, `walletAddress` is not an ADDRESS, and a `legacyId` the contract does not know appeared.
 */
export async function startDriftedService(): Promise<RunningService> {
  const simulator = createSimulatorCore({ seed: SERVICE_SEED })
  const received: RunningService['received'] = []
  let url = ''
  const listener = createRequestListener(simulator, { origin: () => url })
  const running = await listen((request, response) => {
    received.push({ target: `${request.method} ${request.url}`, headers: request.headers })
    if (!request.url?.startsWith('/users/')) return void listener(request, response)
    void simulator.host.handle(fromNodeRequest(request)).then((answer) => {
      const body = JSON.parse(answer.body ?? 'null')
      if (answer.status === 200) {
        delete body.email
        body.walletAddress = '0xabc'
        body.legacyId = 7
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  url = running.url
  return { url, simulator, received, close: running.close }
}

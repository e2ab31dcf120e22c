/**
 * What a graceful close does to each kind of connection (issue 31, finding 13), over raw sockets:
 * one between two requests and one that has sent nothing close at once, since no request of
 * theirs was read; one whose request head has half arrived (a GET, a CORS preflight), and one
 * uploading a body, are kept: their requests, finished after the close began, are answered with
 * `Connection: close`. Checked
 * with nothing else under way (where the close used to cut every connection at once) and with an
 * upload under way (where a connection that had sent nothing used to hold the close for the whole
 * grace, and then be cut with the rest).
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { samples } from '../support/samples.ts'

interface RawConnection {
  readonly socket: Socket
  /** Resolves with what the server sent once the connection is closed. */
  readonly closed: Promise<string>
  /** Resolves with the first whole answer (head and Content-Length bytes of body), or what came before the close. */
  readonly answer: Promise<string>
}

async function rawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1')
  let received = ''
  let answered: (text: string) => void = () => {}
  const answer = new Promise<string>((resolve) => (answered = resolve))
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1')
    const end = received.indexOf('\r\n\r\n')
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(received.slice(0, end))?.[1] ?? 0)
    if (end !== -1 && received.length >= end + 4 + length) answered(received)
  })
  socket.on('error', () => {}) // a reset shows as a close without an answer
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => {
      answered(received)
      resolve(received)
    }),
  )
  await once(socket, 'connect')
  return { socket, closed, answer }
}

const GET_HEAD = 'GET /securityToken HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\n\r\n'
const PREFLIGHT_HEAD =
  'OPTIONS /securityToken HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1:3000\r\n' +
  'Access-Control-Request-Method: GET\r\n\r\n'
const body = JSON.stringify(samples.createManagerPayment.body)
const UPLOAD_HEAD =
  'POST /manager HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`

describe('a graceful close, connection by connection', () => {
  for (const uploadUnderWay of [false, true]) {
    it(`closes those with nothing read and answers those begun${uploadUnderWay ? ', an upload under way' : ''}`, async () => {
      const running = await startStandaloneServer({ port: 0 })
      const { port } = running.server.address() as AddressInfo
      const serverSide = new Map<number, Socket>()
      running.server.on('connection', (socket: Socket) => serverSide.set(socket.remotePort!, socket))
      /** Resolves once the server has read `bytes` bytes from this client's connection. */
      const serverRead = async (client: RawConnection, bytes: number) => {
        while ((serverSide.get(client.socket.localPort!)?.bytesRead ?? 0) < bytes)
          await new Promise((resolve) => setImmediate(resolve))
      }

      const betweenRequests = await rawConnection(port)
      betweenRequests.socket.write(GET_HEAD)
      expect(await betweenRequests.answer).toMatch(/^HTTP\/1\.1 200 .*\r\nconnection: keep-alive\r\n/is)
      const silent = await rawConnection(port)
      const halfHead = await rawConnection(port)
      const firstHalf = GET_HEAD.slice(0, 40)
      halfHead.socket.write(firstHalf)
      await serverRead(halfHead, firstHalf.length)
      // A preflight is answered as soon as it is read, before any other listener runs.
      const preflight = await rawConnection(port)
      preflight.socket.write(PREFLIGHT_HEAD.slice(0, 40))
      await serverRead(preflight, 40)
      const upload = uploadUnderWay ? await rawConnection(port) : undefined
      if (upload !== undefined) {
        upload.socket.write(UPLOAD_HEAD + body.slice(0, 10))
        await serverRead(upload, UPLOAD_HEAD.length + 10)
      }

      // A grace long enough for any machine; the connections that must close do so well before it.
      const closing = running.close({ graceMs: 15_000 })
      await silent.closed
      await betweenRequests.closed

      halfHead.socket.write(GET_HEAD.slice(40))
      preflight.socket.write(PREFLIGHT_HEAD.slice(40))
      const late = [halfHead.answer, preflight.answer]
      if (upload !== undefined) {
        upload.socket.write(body.slice(10))
        late.push(upload.answer)
      }
      for (const answer of await Promise.all(late)) {
        expect(answer).toMatch(/^HTTP\/1\.1 20[04] /)
        expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n')
      }
      await closing
      expect(await silent.closed).toBe('')
    }, 60_000)
  }
})

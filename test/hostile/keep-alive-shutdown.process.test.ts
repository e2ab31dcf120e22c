/**
 * SIGTERM under keep-alive load (issue 20, finding 7; issue 31, finding 13), over raw sockets
 * against the built command: 50 keep-alive connections send `POST /manager` back to back, each
 * request carrying an id, and go on across the signal (a client whose connection ends opens
 * another, until one is refused). Answers come at once, or after 20 ms (a scenario's delay, so that
 * many are under way at SIGTERM). The server runs with test/support/server-tap.mjs preloaded, which
 * notes what it read; then every request it read has a whole answer, every one read after the
 * signal says `Connection: close`, and every request a client saw reset is one of which the
 * server read not a byte (its connection's bytes read stop where that request began). A second
 * signal (after the first second, before which the same signal counts as the first delivered
 * twice) exits at once with a non-zero code.
 */
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, projectRoot } from '../support/cli-process.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const TAP = join(projectRoot, 'test', 'support', 'server-tap.mjs')
const body = JSON.stringify(samples.createManagerPayment.body)

function startCommand(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', TAP, cliPath, 'serve', '--port', '0', '--quiet', ...args], {
    env: { ...process.env, READ_TAP: join(temporaryDirectory('tap-'), 'tap'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    void exited.then(() => reject(new Error(`exited before listening: ${output}`)))
  })
  return { child, exited, url, output: () => output }
}

/** One request as its client saw it. */
interface Sent {
  id: number
  /** The client's port: the connection's name in the tap. */
  port: number
  /** Bytes the client had written on this connection before this request. */
  before: number
  outcome: 'answered' | 'reset' | 'cut'
  connectionClose: boolean
}

/**
 * One keep-alive client: sends the next request as soon as the previous answer is whole, and opens
 * a new connection when an answer says `Connection: close` or the connection ends; it stops when a
 * connection is refused.
 */
function keepAliveClient(port: number, nextId: () => number, sent: Sent[], answered: () => void): Promise<void> {
  return new Promise((resolve) => {
    const open = () => {
      const socket = connect(port, '127.0.0.1')
      let current: Sent | undefined
      let received = ''
      const send = () => {
        current = {
          id: nextId(),
          port: socket.localPort!,
          before: socket.bytesWritten,
          outcome: 'reset',
          connectionClose: false,
        }
        sent.push(current)
        received = ''
        socket.write(
          `POST /manager HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: ${current.id}\r\nAuthorization: Bearer t\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        )
      }
      let connected = false
      socket.on('connect', () => {
        connected = true
        send()
      })
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1')
        const end = received.indexOf('\r\n\r\n')
        if (end === -1 || current === undefined) return
        const head = received.slice(0, end).toLowerCase()
        const length = Number(/\r\ncontent-length: (\d+)/.exec(head)?.[1] ?? 0)
        if (received.length < end + 4 + length) return
        current.outcome = 'answered'
        current.connectionClose = head.includes('\r\nconnection: close')
        current = undefined
        answered()
        if (head.includes('\r\nconnection: close')) socket.end()
        else send()
      })
      socket.on('error', () => {}) // seen as the close below
      socket.on('close', () => {
        if (current !== undefined && received !== '') current.outcome = 'cut'
        // A connection refused: the server no longer listens.
        if (connected) open()
        else resolve()
      })
    }
    open()
  })
}

/** What the tap noted: requests read (id → port, and whether after the signal), each connection's bytes read at its close. */
function readTap(file: string) {
  const read = new Map<number, { port: number; afterSignal: boolean }>()
  const accepted = new Set<number>()
  const bytesReadAtClose = new Map<number, number>()
  let signalled = false
  for (const line of readFileSync(file, 'utf8').trim().split('\n')) {
    const [kind, first, second] = line.split(' ')
    if (kind === 'signal') signalled = true
    else if (kind === 'accepted') accepted.add(Number(first))
    else if (kind === 'read') read.set(Number(first), { port: Number(second), afterSignal: signalled })
    else if (kind === 'closed') bytesReadAtClose.set(Number(first), Number(second))
  }
  return { read, accepted, bytesReadAtClose, signalled }
}

describe('SIGTERM under keep-alive load', () => {
  for (const delayMs of [20, 0]) {
    it(`answers every request it read on 50 connections, resetting only ones it read nothing of (answers ${delayMs === 0 ? 'at once' : `after ${delayMs} ms`})`, async () => {
      const directory = temporaryDirectory('keep-alive-')
      writeFileSync(
        join(directory, 'slow.json'),
        JSON.stringify({ description: `answers after ${delayMs} ms`, rules: [{ operation: '*', delayMs }] }),
      )
      const tapFile = join(directory, 'tap')
      const server = startCommand(['--scenarios', directory, ...(delayMs > 0 ? ['--scenario', 'slow'] : [])], {
        READ_TAP: tapFile,
      })
      const port = Number(new URL(await server.url).port)
      const sent: Sent[] = []
      let id = 0
      let answers = 0
      let enough: () => void = () => {}
      const answeredEnough = new Promise<void>((resolve) => (enough = resolve))
      const clients = Array.from({ length: 50 }, () =>
        keepAliveClient(
          port,
          () => ++id,
          sent,
          () => ++answers === 300 && enough(),
        ),
      )
      await answeredEnough
      server.child.kill('SIGTERM')
      await Promise.all(clients)
      expect(await server.exited).toBe(0)

      const tap = readTap(tapFile)
      expect(tap.signalled).toBe(true)
      const byId = new Map(sent.map((request) => [request.id, request]))
      expect(sent.filter((request) => request.outcome === 'cut')).toEqual([])
      // Every request the server read has its whole answer; those read while draining say Connection: close.
      for (const [readId, { afterSignal }] of tap.read) {
        expect(byId.get(readId)?.outcome, `request ${readId}`).toBe('answered')
        if (afterSignal) expect(byId.get(readId)?.connectionClose, `request ${readId}`).toBe(true)
      }
      // A reset request: on a connection never accepted, or one whose bytes read end where it began.
      const resets = sent.filter((request) => request.outcome === 'reset')
      for (const request of resets) {
        expect(tap.read.has(request.id), `request ${request.id}`).toBe(false)
        if (tap.accepted.has(request.port))
          expect(tap.bytesReadAtClose.get(request.port), `request ${request.id}`).toBe(request.before)
      }
      expect(sent.filter((request) => request.outcome === 'answered').length).toBeGreaterThanOrEqual(300)
      if (delayMs > 0) expect(sent.filter((request) => request.connectionClose).length).toBeGreaterThan(0)
    }, 60_000)
  }

  it('exits at once, non-zero, on a second signal, without waiting for an answer under way', async () => {
    const directory = temporaryDirectory('second-signal-')
    writeFileSync(
      join(directory, 'stuck.json'),
      JSON.stringify({ description: 'answers after a minute', rules: [{ operation: '*', delayMs: 60_000 }] }),
    )
    const server = startCommand(['--scenarios', directory, '--scenario', 'stuck', '--shutdown-grace', '600'])
    const url = await server.url
    const pending = fetch(`${url}/securityToken`, { headers: { authorization: 'Bearer t' } }).then(
      (response) => response.status,
      () => 'failed',
    )
    // The rule counts a call before it waits: once it did, the request is under way.
    const underWay = async () => (await (await fetch(`${url}/__sim/scenario`)).text()).includes('"calls":1')
    for (let i = 0; i < 10_000 && !(await underWay()); i++) await new Promise((resolve) => setTimeout(resolve, 5))
    server.child.kill('SIGTERM')
    let exited = false
    void server.exited.then(() => (exited = true))
    // The same signal within a second of the first counts as that one delivered twice (npm passes
    // on what it gets): signal again, as a user presses Ctrl-C again, until the process is gone.
    while (!exited) {
      if (server.output().includes('shutting down')) server.child.kill('SIGTERM')
      await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 50))])
    }
    expect(await server.exited).toBe(143)
    expect(await pending).toBe('failed')
    expect(server.output()).toContain('SIGTERM again, exiting without waiting')
  })
})

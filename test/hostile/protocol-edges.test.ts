/**
 * HTTP at its edges (issue 20, finding 11), over raw sockets: requests node used to answer itself
 * (a bare 400 for HTTP/1.1 without Host, a bare 417 for an unknown Expect), drop (CONNECT) or read
 * whole before refusing (a 50 MB body announced with Expect: 100-continue) are answered in the
 * documented shape; a client that leaves mid-body is not logged as the simulator's failure.
 */
import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

let server: StandaloneServer
let port: number
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
  port = Number(new URL(server.url).port)
})
afterAll(() => server.close())
afterEach(() => vi.restoreAllMocks())

/** Sends `text` and collects what comes back until the server closes the connection. */
function exchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('error', reject)
    socket.on('close', () => resolve(answer))
  })
}

function jsonOf(answer: string): { statusCode: string; error: string; message: string } {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
}

describe('requests node would answer bare, drop or read whole', () => {
  it('HTTP/1.1 without Host: 400 in the documented shape, connection closed', async () => {
    const answer = await exchange('GET /securityToken HTTP/1.1\r\nAuthorization: Bearer t\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1.1 400 Bad Request/)
    expect(jsonOf(answer)).toEqual({
      statusCode: '400',
      error: 'Bad Request',
      message: 'an HTTP/1.1 request must send a Host header',
    })
    // HTTP/1.0 has no Host header: still answered.
    expect(await exchange('GET /securityToken HTTP/1.0\r\nAuthorization: Bearer t\r\n\r\n')).toMatch(/^HTTP\/1.1 200/)
  })

  it('CONNECT: 405 with Allow, in the documented shape', async () => {
    const answer = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1.1 405 Method Not Allowed/)
    expect(answer).toContain('Allow: GET, HEAD, POST, PUT, DELETE, OPTIONS')
    expect(jsonOf(answer)).toMatchObject({ statusCode: '405', error: 'Method Not Allowed' })
  })

  it('Expect other than 100-continue: 417 in the documented shape', async () => {
    const answer = await exchange(
      'POST /investor HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}',
    )
    expect(answer).toMatch(/^HTTP\/1.1 417 Expectation Failed/)
    expect(jsonOf(answer)).toMatchObject({ statusCode: '417', error: 'Expectation Failed' })
    expect(jsonOf(answer).message).toContain('200-ok')
  })

  it('Expect: 100-continue with a body over the limit: 413 at once, never 100 Continue', async () => {
    const answer = await exchange(
      'POST /investor HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 50000000\r\n\r\n',
    )
    expect(answer).not.toContain('100 Continue')
    expect(answer).toMatch(/^HTTP\/1.1 413 Payload Too Large/)
    expect(jsonOf(answer)).toEqual({
      statusCode: '413',
      error: 'Payload Too Large',
      message: 'body is larger than 1000000 bytes',
    })
  })

  it('Expect: 100-continue with a body within the limit: 100 Continue, then the answer', async () => {
    const body = '{}'
    const answer = await new Promise<string>((resolve, reject) => {
      let text = ''
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          `POST /__sim/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        ),
      )
      socket.on('data', (chunk) => {
        text += chunk.toString()
        if (text === 'HTTP/1.1 100 Continue\r\n\r\n') socket.write(body)
      })
      socket.on('error', reject)
      socket.on('close', () => resolve(text))
    })
    expect(answer).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 200 OK/)
  })

  it('a Content-Length over the limit, without Expect: 413 before the body is read, connection closed', async () => {
    const answer = await exchange(
      'POST /investor HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nContent-Length: 50000000\r\n\r\n{"a":',
    )
    expect(answer).toMatch(/^HTTP\/1.1 413/)
    expect(answer.toLowerCase()).toContain('connection: close')
  })
})

describe('a client that leaves mid-body', () => {
  it('prints nothing (it was a stack trace, with --quiet too) and the server keeps serving', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /investor HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a',
        )
        // The server has the headers once it answers a later request on another connection.
        void fetch(`${server.url}/__sim/health`).then(() => socket.destroy())
      })
      socket.on('close', () => resolve())
    })
    expect((await fetch(`${server.url}/__sim/health`)).status).toBe(200)
    expect(errors).not.toHaveBeenCalled()
  })

  it('is one line of the operations log when the log is on', async () => {
    const lines: string[] = []
    const logged = await startStandaloneServer({ port: 0, log: 'normal', logSink: (line) => lines.push(line) })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(new URL(logged.url).port), '127.0.0.1', () => {
          socket.write(
            'POST /investor HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a',
          )
          void fetch(`${logged.url}/__sim/health`).then(() => socket.destroy())
        })
        socket.on('close', () => resolve())
      })
      await vi.waitFor(() => expect(lines.filter((line) => line.includes('/investor'))).toHaveLength(1))
      expect(errors).not.toHaveBeenCalled()
    } finally {
      await logged.close()
    }
  })
})

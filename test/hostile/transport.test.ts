/**
 * Hostile and unusual HTTP over raw sockets (issue "Hardening"): HEAD, Allow, requests node refuses
 * before the simulator sees them, and absolute-form targets (the command's graceful shutdown:
 * shutdown.process.test.ts). Each answer is in the documented JSON shape.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

let server: StandaloneServer
let port: number
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, headersTimeoutMs: 400 })
  port = Number(new URL(server.url).port)
})
afterAll(() => server.close())

/** Writes `text` on a fresh connection and resolves everything the server answered until it closed. */
function raw(text: string, { end = true, wait = 3000 } = {}): Promise<string> {
  return new Promise((resolve) => {
    let answer = ''
    const socket = connect(port, '127.0.0.1', () => (end ? socket.end(text) : socket.write(text)))
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('close', () => resolve(answer))
    socket.on('error', () => resolve(answer))
    setTimeout(() => socket.destroy(), wait).unref()
  })
}

function parsed(answer: string): { status: number; headers: string; body: any } {
  const [head = '', body = ''] = answer.split('\r\n\r\n')
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: body === '' ? '' : JSON.parse(body) }
}

describe('HEAD', () => {
  it('answers every GET route with its status and headers, without a body', async () => {
    for (const path of ['/securityToken', '/__sim/health', '/users/nobody']) {
      const get = await fetch(`${server.url}${path}`, { headers: { authorization: 'Bearer t' } })
      const getBody = await get.arrayBuffer()
      const head = parsed(
        await raw(`HEAD ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nConnection: close\r\n\r\n`),
      )
      expect(head.status, path).toBe(get.status)
      expect(head.headers).toContain(`content-length: ${getBody.byteLength}`)
      expect(head.body).toBe('')
    }
  })

  it('is listed in Allow with OPTIONS wherever GET is', async () => {
    const reply = await fetch(`${server.url}/securityToken`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer t' },
    })
    expect(reply.status).toBe(405)
    expect(reply.headers.get('allow')).toBe('GET, POST, DELETE, HEAD, OPTIONS')
  })
})

describe('requests node refuses', () => {
  it('answers headers over 16 KB with 431 in the documented shape', async () => {
    const reply = parsed(await raw(`GET /securityToken HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`))
    expect(reply.status).toBe(431)
    expect(reply.headers).toContain('content-type: application/json')
    expect(reply.body).toEqual({
      statusCode: '431',
      error: 'Request Header Fields Too Large',
      message: expect.stringContaining('16 KB'),
    })
  })

  it('answers a request target over 8 KB with 414, however long', async () => {
    for (const length of [10_000, 30_000]) {
      const reply = parsed(
        await raw(`GET /securityToken?x=${'a'.repeat(length)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n`),
      )
      expect(reply.status, String(length)).toBe(414)
      expect(reply.body.statusCode).toBe('414')
    }
  })

  it('answers a request line that is not HTTP, or an unknown method, with 400 in the documented shape', async () => {
    for (const line of [
      'NONSENSE\r\n\r\n',
      'FROB /securityToken HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /securityToken HTTP/9.9\r\nHost: x\r\n\r\n',
    ]) {
      const reply = parsed(await raw(line))
      expect(reply.status, line).toBe(400)
      expect(reply.body).toMatchObject({ statusCode: '400', error: 'Bad Request' })
    }
  })

  it('answers a client too slow to send its headers with 408', async () => {
    const reply = parsed(await raw('GET /securityToken HTTP/1.1\r\nHost: x\r\n', { end: false, wait: 5000 }))
    expect(reply.status).toBe(408)
    expect(reply.body).toMatchObject({ statusCode: '408', error: 'Request Timeout' })
  })

  it('keeps serving after all of them', async () => {
    expect((await fetch(`${server.url}/securityToken`, { headers: { authorization: 'Bearer t' } })).status).toBe(200)
  })
})

it('routes absolute-form request targets by their path and query', async () => {
  const reply = await raw(
    `GET http://127.0.0.1:${port}/securityToken?marketplace=true HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nConnection: close\r\n\r\n`,
  )
  const { status, body } = parsed(reply)
  expect(status).toBe(200)
  expect(Array.isArray(body)).toBe(true)
})

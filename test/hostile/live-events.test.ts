/**
 * `GET /__sim/events` under hostile use (issue 20, finding 3), over raw sockets: the number of
 * streams is capped (429 in the documented shape past it, a slot frees when a stream closes), a
 * subscriber that never reads stops getting batches and is cut off (its socket destroyed) when it
 * stays behind for four heartbeats (a minute; 400 ms here), and a reconnect with Last-Event-ID
 * gets only what followed that id.
 */
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventHubOf } from '../../src/dashboard/event-hub.ts'
import { MAX_SUBSCRIBERS } from '../../src/dashboard/event-limits.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { openEvents } from '../dashboard/support/sse.ts'

let server: StandaloneServer
let port: number
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
  // Heartbeats every 100 ms rather than 15 s: a subscriber behind for 4 of them in a row is dropped.
  eventHubOf(server.simulator, { heartbeatMs: 100 })
  port = Number(new URL(server.url).port)
})
afterAll(() => server.close())

/** Opens an event stream on a raw socket; resolves once the status line arrived. `read: false` never reads after it. */
function rawStream({ read = true } = {}): Promise<{ socket: Socket; status: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write('GET /__sim/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n'),
    )
    socket.once('data', (chunk) => {
      if (!read) socket.pause()
      resolve({ socket, status: Number(chunk.toString('latin1').split(' ')[1]) })
    })
    socket.on('error', reject)
  })
}

/** Waits, without a fixed sleep, until `done()` holds (or `tries` turns of the event loop passed). */
async function until(done: () => boolean, tries = 5000): Promise<void> {
  for (let i = 0; i < tries && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 2))
}

const hub = () => eventHubOf(server.simulator)
const auth = { authorization: 'Bearer events' }

describe('the number of event streams', () => {
  it('is capped: one more gets a 429 in the documented shape, and a closed stream frees its slot', async () => {
    const open: Socket[] = []
    try {
      for (let i = 0; i < MAX_SUBSCRIBERS; i++) {
        const { socket, status } = await rawStream()
        open.push(socket)
        expect(status).toBe(200)
      }
      const refused = await fetch(`${server.url}/__sim/events`)
      expect(refused.status).toBe(429)
      const body = (await refused.json()) as Record<string, string>
      expect(body).toMatchObject({ statusCode: '429', error: 'Too Many Requests' })
      expect(body.message).toContain(`${MAX_SUBSCRIBERS} event streams are open`)
      open.pop()!.destroy()
      await until(() => hub().subscribers < MAX_SUBSCRIBERS)
      const again = await rawStream()
      open.push(again.socket)
      expect(again.status).toBe(200)
    } finally {
      for (const socket of open) socket.destroy()
    }
    await until(() => hub().subscribers === 0)
    expect(hub().subscribers).toBe(0)
  })
})

describe('a subscriber that never reads', () => {
  it('is dropped, its socket destroyed, while one that reads stays', async () => {
    const stalled = await rawStream({ read: false })
    const reading = await openEvents(`${server.url}/__sim/events`)
    let readingGot = 0
    const drain = (async () => {
      try {
        for (;;) {
          await reading.next(60_000)
          readingGot++
        }
      } catch {
        // closed at the end of the test
      }
    })()
    try {
      await until(() => hub().subscribers === 2)
      // Each exchange's event carries up to 4 KB of the list's body: a few thousand fill any
      // socket buffer and the server's limit. The loop stops as soon as the stalled one is gone.
      for (let round = 0; round < 400 && hub().subscribers > 1; round++)
        await Promise.all(
          Array.from({ length: 10 }, () =>
            fetch(`${server.url}/securityToken`, { headers: auth }).then((response) => response.arrayBuffer()),
          ),
        )
      await until(() => hub().subscribers === 1)
      expect(hub().subscribers).toBe(1) // the reader stays
      expect(readingGot).toBeGreaterThan(0)
    } finally {
      stalled.socket.destroy()
      await reading.close()
      await drain
    }
  })
})

describe('a reconnect with Last-Event-ID', () => {
  it('gets only what followed that id, not the whole ring', async () => {
    for (let i = 0; i < 30; i++)
      await fetch(`${server.url}/securityToken`, { headers: auth }).then((response) => response.arrayBuffer())
    const { epoch, total } = (await hello()).data
    const resumed = await openEvents(`${server.url}/__sim/events`, { 'last-event-id': `${epoch}:${total}` })
    try {
      expect((await resumed.next()).data).toMatchObject({ type: 'hello', total })
      await fetch(`${server.url}/users/nobody`, { headers: auth })
      const next = await resumed.next()
      expect(next.data).toMatchObject({ type: 'exchange', entry: { seq: total + 1, path: '/users/nobody' } })
    } finally {
      await resumed.close()
    }
  })
})

/** The hello of a fresh stream (closed at once). */
async function hello() {
  const events = await openEvents(`${server.url}/__sim/events`)
  try {
    return await events.next()
  } finally {
    await events.close()
  }
}

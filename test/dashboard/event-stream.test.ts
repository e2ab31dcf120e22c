/** GET /__sim/events over real HTTP: the journal live, reconnection with Last-Event-ID, control changes. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { EventHub } from '../../src/dashboard/event-hub.ts'
import { callerAddress } from '../../src/domain/caller.ts'
import { fromFetchRequest } from '../../src/http/sim-request.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { openEvents } from './support/sse.ts'

let running: StandaloneServer
beforeAll(async () => {
  running = await startStandaloneServer({ port: 0, journalCapacity: 5 })
})
afterAll(() => running.close())
beforeEach(() => running.simulator.reset())

const auth = { authorization: 'Bearer events' }
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${running.url}${path}`, { headers: { ...auth, ...headers } }).then((response) => response.text())

describe('GET /__sim/events', () => {
  it('sends a hello, the buffered entries, then each exchange as it is answered, with its headers', async () => {
    await get('/securityToken')
    const events = await openEvents(`${running.url}/__sim/events`)
    try {
      const hello = await events.next()
      expect(hello.data).toMatchObject({ type: 'hello', capacity: 5, total: 1 })
      const buffered = await events.next()
      expect(buffered.data.entry).toMatchObject({ seq: 1, path: '/securityToken', operation: 'listSecurityTokens' })
      expect(buffered.id).toBe(`${hello.data.epoch}:1`)
      await get('/users/nobody', { 'x-sim-session': 'qa-7' })
      const live = await events.next()
      expect(live.data.type).toBe('exchange')
      expect(live.data.entry).toMatchObject({
        seq: 2,
        status: 404,
        session: 'qa-7',
        // The credential is masked as it arrives (issue 31): the live feed never carries it.
        requestHeaders: { authorization: 'Bearer ***1', 'x-sim-session': 'qa-7' },
        caller: callerAddress('events'),
        responseHeaders: { 'content-type': 'application/json' },
      })
    } finally {
      await events.close()
    }
  })

  it('sends a reconnecting client only what it missed, and says how many fell off the ring', async () => {
    const first = await openEvents(`${running.url}/__sim/events`)
    const { epoch } = (await first.next()).data
    await get('/securityToken')
    const seen = await first.next()
    await first.close()
    await get('/securityToken')
    const again = await openEvents(`${running.url}/__sim/events`, { 'last-event-id': seen.id! })
    try {
      expect((await again.next()).data).toMatchObject({ type: 'hello', epoch, total: 2 })
      const missed = await again.next()
      expect(missed.data.entry.seq).toBe(2)
    } finally {
      await again.close()
    }
    for (let i = 0; i < 7; i++) await get('/securityToken') // seq 3…9; the ring keeps 5…9
    const late = await openEvents(`${running.url}/__sim/events`, { 'last-event-id': `${epoch}:2` })
    try {
      await late.next()
      expect((await late.next()).data).toEqual({ type: 'gap', missed: 2 })
      expect((await late.next()).data.entry.seq).toBe(5)
    } finally {
      await late.close()
    }
  })

  it('tells clients of control changes, and to forget the entries when the journal is emptied', async () => {
    await get('/securityToken')
    const events = await openEvents(`${running.url}/__sim/events`)
    try {
      const hello = await events.next()
      await events.next() // the buffered entry
      await fetch(`${running.url}/__sim/clock`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: 1000 }),
      })
      expect((await events.next()).data).toEqual({
        type: 'control',
        method: 'PUT',
        path: '/__sim/clock',
        status: 200,
        session: null,
      })
      await fetch(`${running.url}/__sim/journal`, { method: 'DELETE' })
      expect((await events.next()).data).toEqual({ type: 'clear' })
      expect((await events.next()).data).toMatchObject({ type: 'control', method: 'DELETE' })
      await get('/securityToken')
      const next = await events.next()
      expect(next.data.entry.seq).toBe(1)
      expect(next.id).not.toBe(`${hello.data.epoch}:1`) // a new numbering: a new epoch
    } finally {
      await events.close()
    }
  })

  it('is answered only to the origins the control API answers', async () => {
    const refused = await fetch(`${running.url}/__sim/events`, { headers: { origin: 'https://evil.example' } })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('ends when the server closes, even with a grace period', async () => {
    const server = await startStandaloneServer({ port: 0 })
    const events = await openEvents(`${server.url}/__sim/events`)
    await events.next()
    await server.close({ graceMs: 30_000 })
    await expect(events.next(2000)).rejects.toThrow(/ended|terminated/)
  })

  it('sends a heartbeat comment while nothing happens, and stops when closed', () => {
    vi.useFakeTimers()
    try {
      const hub = new EventHub(createSimulatorCore(), { heartbeatMs: 20 })
      const chunks: string[] = []
      const client = { write: (chunk: string | Uint8Array) => chunks.push(String(chunk)), buffered: 0 }
      expect(hub.reserve()).toBe(true)
      const stop = hub.subscribe({ ...client, onDrain: () => {}, drop: () => {} }, null)
      vi.advanceTimersByTime(90)
      stop()
      const beats = chunks.filter((chunk) => chunk === ': heartbeat\n\n').length
      expect(beats).toBe(4)
      vi.advanceTimersByTime(60)
      expect(chunks.filter((chunk) => chunk === ': heartbeat\n\n').length).toBe(beats)
      expect(chunks[0]).toMatch(/^retry: \d+\n\ndata: \{"type":"hello"/)
    } finally {
      vi.useRealTimers()
    }
  })

  it('with 200 streams open, sends at most 50 exchanges a batch, the newest, after a gap counting the rest', async () => {
    vi.useFakeTimers()
    try {
      const simulator = createSimulatorCore()
      const hub = new EventHub(simulator)
      const chunks: string[] = []
      const quiet = { write: () => {}, buffered: 0, onDrain: () => {}, drop: () => {} }
      const others = Array.from({ length: 199 }, () => hub.reserve() && hub.subscribe(quiet, null))
      expect(hub.reserve()).toBe(true)
      const client = { write: (chunk: string | Uint8Array) => chunks.push(String(chunk)), buffered: 0 }
      const stop = hub.subscribe({ ...client, onDrain: () => {}, drop: () => {} }, null)
      for (let i = 0; i < 80; i++)
        await simulator.host.handle(
          fromFetchRequest(new Request('http://localhost/securityToken', { headers: { authorization: 'Bearer t' } })),
        )
      vi.advanceTimersByTime(50)
      stop()
      for (const other of others) if (other !== false) other()
      const events = chunks
        .join('')
        .split('\n\n')
        .flatMap((block) => block.split('\n').filter((line) => line.startsWith('data: ')))
        .map((line) => JSON.parse(line.slice(6)) as { type: string; missed?: number; entry?: { seq: number } })
      expect(events[0]!.type).toBe('hello')
      expect(events[1]).toEqual({ type: 'gap', missed: 30 })
      const sent = events.filter((event) => event.type === 'exchange').map((event) => event.entry!.seq)
      expect(sent).toEqual(Array.from({ length: 50 }, (_, i) => 31 + i))
    } finally {
      vi.useRealTimers()
    }
  })
})

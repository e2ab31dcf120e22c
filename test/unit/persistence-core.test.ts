/**
 * The storage-agnostic persistence core, through an in-memory store: a write is answered only once
 * the store has it, a new simulator on the stored entries starts where the last one stopped
 * (records, payment ids, the moved clock, a reset), a bad stored record is refused naming where it
 * was read, and a world's identity follows its seed and records.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Change, Persistence, StoredEntry, WorldIdentity } from '../../src/persistence/change.ts'
import { keepWorldIn } from '../../src/persistence/persisted-world.ts'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'
import { samples } from '../support/samples.ts'

const BASE = 'https://persist.example.test'
const AUTH = { authorization: 'Bearer persistence-core', 'content-type': 'application/json' }

/** A store in an array: what a directory or IndexedDB keeps, without the medium. */
function memoryStore() {
  const entries: StoredEntry[] = []
  let release: () => void = () => {}
  let gate: Promise<void> = Promise.resolve()
  const identities: WorldIdentity[] = []
  let dump: () => Change[] = () => []
  const persistence: Persistence = ({ identity, currentState }) => {
    identities.push(identity)
    dump = currentState
    return {
      entries: [...entries],
      sink: {
        append(changes: readonly Change[]) {
          entries.push({ changes: JSON.parse(JSON.stringify(changes)), origin: `memory:${entries.length + 1}` })
        },
        stored: () => gate,
      },
    }
  }
  return {
    entries,
    identities,
    persistence,
    /** The state a compaction would write now. */
    currentState: () => dump(),
    /** Holds every `stored()` until `release()`. */
    hold() {
      gate = new Promise((resolve) => {
        release = resolve
      })
      return () => release()
    },
  }
}

const servers: { close(): void }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

function start(persistence: Persistence, seed?: number, now?: 'system') {
  const { simulator, server } = setupSimulatorServer({
    baseUrl: BASE,
    persistence: keepWorldIn(persistence),
    ...(seed !== undefined && { seed }),
    ...(now !== undefined && { now }),
  })
  server.listen(strictListenOptions)
  servers.push(server)
  return simulator
}

async function createPayment(): Promise<{ status: number; body: any }> {
  const sample = samples.createManagerPayment
  const response = await fetch(`${BASE}${sample.path}`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify(sample.body),
  })
  return { status: response.status, body: await response.json() }
}

/** Turns of the event loop: enough for an answer that was not held back to arrive. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve))
}

/**
 * Lets the event loop turn until `done()` holds: how many turns the first write takes depends on
 * how long its import of @msw/data takes (decision 0024), so no count is fixed.
 */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await turns(1)
}

describe('the persistence core', () => {
  it('answers a write only once the store has it', async () => {
    const store = memoryStore()
    start(store.persistence)
    const release = store.hold()
    let answered = false
    const answer = createPayment().then((result) => {
      answered = true
      return result
    })
    await until(() => store.entries.length > 0)
    await turns(50)
    expect(answered).toBe(false)
    expect(store.entries).toHaveLength(1)
    release()
    expect((await answer).status).toBe(200)
  })

  it('stores one write as one entry: the payment and the id counter after it', async () => {
    const store = memoryStore()
    start(store.persistence)
    const { body } = await createPayment()
    const changes = store.entries[0]!.changes as Change[]
    expect(changes.map((change) => change.t).sort()).toEqual(['nextId', 'put'])
    expect(changes).toContainEqual({ t: 'nextId', kind: 'managerPayments', next: body.id + 1 })
  })

  it('starts a new simulator where the last one stopped: records, ids and the moved clock', async () => {
    const store = memoryStore()
    const first = start(store.persistence)
    const created = (await createPayment()).body
    first.clock.advance(86_400_000)
    const movedTo = first.clock.now().toISOString()
    servers.pop()!.close()

    const second = start(store.persistence)
    expect(second.clock.now().toISOString()).toBe(movedTo)
    const list = samples.listManagerPayments
    const response = await fetch(`${BASE}${list.path}`, { headers: AUTH })
    const listed = (await response.json()) as { id: number; amount: number }[]
    expect(listed.find((payment) => payment.id === created.id)?.amount).toBe(1500.5)
    expect((await createPayment()).body.id).toBe(created.id + 1)
    expect(second.host.persistenceWarnings).toEqual([])
  })

  it('keeps a reset: the records written before it are gone after a restart', async () => {
    const store = memoryStore()
    const first = start(store.persistence)
    const created = (await createPayment()).body
    first.reset()
    await first.stored()
    servers.pop()!.close()

    const second = start(store.persistence)
    expect(second.model.managerPayments.get(String(created.id))).toBeUndefined()
    expect(second.clock.now().toISOString()).toBe(first.clock.now().toISOString())
  })

  it("keeps the base world while a scenario's own world is in use, its writes not; leaving it is a reset", async () => {
    const store = memoryStore()
    const simulator = start(store.persistence)
    const kept = (await createPayment()).body.id
    simulator.scenarios.use('rich-world')
    expect((await createPayment()).status).toBe(200)
    await simulator.stored()
    const puts = store.currentState().filter((change) => change.t === 'put')
    expect(puts).toEqual([
      expect.objectContaining({ table: 'managerPayments', record: expect.objectContaining({ id: kept }) }),
    ])
    servers.pop()!.close()

    const restarted = start(store.persistence)
    expect(restarted.model.managerPayments.get(String(kept))?.amount).toBe(1500.5)
    restarted.scenarios.use('rich-world')
    restarted.scenarios.use(null)
    await restarted.stored()
    servers.pop()!.close()
    expect(start(store.persistence).model.managerPayments.get(String(kept))).toBeUndefined()
  })

  it("keeps a system clock's shift, and skips it with a warning on a fixed clock", () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-05-01T00:00:00.000Z'))
      const store = memoryStore()
      start(store.persistence, undefined, 'system').clock.advance(86_400_000)
      servers.pop()!.close()
      vi.setSystemTime(new Date('2026-06-01T00:00:00.000Z'))
      expect(start(store.persistence, undefined, 'system').clock.now().toISOString()).toBe('2026-06-02T00:00:00.000Z')
      servers.pop()!.close()
      const fixed = start(store.persistence)
      expect(fixed.clock.now().toISOString()).toBe('2026-03-02T12:00:00.000Z')
      expect(fixed.host.persistenceWarnings).toEqual([
        'memory:1: the stored system clock is not restored on a fixed clock',
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses a stored record its table does not accept, naming where it was read and the field', () => {
    const store = memoryStore()
    store.entries.push({
      changes: [{ t: 'put', table: 'users', record: { id: 'not-a-user' } }],
      origin: 'memory:7',
    })
    expect(() => start(store.persistence)).toThrow(/^memory:7: a users record is not valid at \[0\]\.record\./)
  })

  it('refuses a stored change of an unknown kind, naming where it was read', () => {
    const store = memoryStore()
    store.entries.push({ changes: { t: 'teleport' }, origin: 'memory:3' })
    expect(() => start(store.persistence)).toThrow(/^memory:3: a stored change is not valid/)
  })

  it('names the world by its seed and seeded records', () => {
    const store = memoryStore()
    start(store.persistence)
    start(store.persistence)
    start(store.persistence, 7)
    const [a, b, c] = store.identities
    expect(a).toEqual(b)
    expect(a!.fixtures).toMatch(/^fnv1a:[0-9a-f]{8}$/)
    expect(c).toEqual({ seed: 7, fixtures: a!.fixtures })
  })
})

/**
 * `persist: { dir }` in-process: the default world's writes survive a new simulator on the same
 * directory (reset included), one simulator holds a directory at a time (a dead one's lock is
 * taken over), a torn last line is dropped with a warning while a damaged one before it stops the
 * start naming file and line with nothing changed, another world's directory is refused unless
 * reset, and compaction keeps the directory a snapshot plus a short log.
 */

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultFixtures } from '../../src/model/default-fixtures.ts'
import { DEFAULT_SEED } from '../../src/model/random.ts'
import { parseWorld } from '../../src/model/world.ts'
import { directoryPersistence } from '../../src/persistence/node/directory-persistence.ts'
import { systemProcesses } from '../../src/persistence/node/process-identity.ts'
import { keepWorldIn } from '../../src/persistence/persisted-world.ts'
import { worldIdentity } from '../../src/persistence/world-identity.ts'
import { createSimulator as createMswSimulator } from '../../src/runtimes/msw/simulator.ts'
import { createSimulator, type Simulator, strictListenOptions } from '../../src/runtimes/node.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const open: Simulator[] = []
/** The msw server of the simulator requests go to (one at a time). */
let server: ReturnType<typeof setupServer> | undefined
afterEach(async () => {
  server?.close()
  server = undefined
  for (const simulator of open.splice(0)) await simulator.close()
})

/** Sends fetch calls to `simulator` from now on. */
function serve(simulator: Simulator): Simulator {
  server?.close()
  server = setupServer(...simulator.handlers)
  server.listen(strictListenOptions)
  open.push(simulator)
  return simulator
}

function start(dir: string, options: { reset?: boolean; seed?: number } = {}): Simulator {
  return serve(
    createSimulator({
      baseUrl: BASE,
      persist: { dir, ...(options.reset !== undefined && { reset: options.reset }) },
      ...(options.seed !== undefined && { seed: options.seed }),
    }),
  )
}

async function stop(simulator: Simulator): Promise<void> {
  open.splice(open.indexOf(simulator), 1)
  await simulator.close()
}

const BASE = 'https://persist-directory.example.test'
const AUTH = { authorization: 'Bearer persist-directory', 'content-type': 'application/json' }

/** Creates a manager payment through fetch; answers its id. */
async function createPayment(amount = 1500.5): Promise<number> {
  const sample = samples.createManagerPayment
  const response = await fetch(`${BASE}${sample.path}`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify({ ...(sample.body as object), amount }),
  })
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body.id
}

const amountOf = (simulator: Simulator, id: number) => simulator.model.managerPayments.get(String(id))?.amount

describe('persist: { dir }', () => {
  it('starts the next simulator with the writes, the ids and the moved clock of the last', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    const id = await createPayment(42)
    first.clock.advance(3_600_000)
    await first.stored()
    await stop(first)

    const second = start(dir)
    expect(amountOf(second, id)).toBe(42)
    expect(second.clock.now().toISOString()).toBe('2026-03-02T13:00:00.000Z')
    expect(await createPayment()).toBe(id + 1)
  })

  it('keeps a reset', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    const id = await createPayment()
    first.reset()
    await first.stored()
    await stop(first)
    expect(amountOf(start(dir), id)).toBeUndefined()
  })

  it('stores a write still under way at a reset as memory has it: before the reset', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    // A request whose body arrives only after the reset: it was routed to the world the reset replaced.
    let sendBody!: (text: string) => void
    const body = new Promise<string>((resolve) => {
      sendBody = resolve
    })
    const headers: Record<string, string> = AUTH
    const answer = first.host.handle({
      method: 'POST',
      path: '/manager',
      query: new URLSearchParams(),
      header: (name) => headers[name] ?? null,
      text: () => body,
    })
    await new Promise((resolve) => setImmediate(resolve))
    first.reset()
    sendBody(JSON.stringify({ ...(samples.createManagerPayment.body as object), amount: 77 }))
    const response = await answer
    expect(response.status, response.body ?? '').toBe(200)
    const { id } = JSON.parse(response.body!) as { id: number }
    await first.stored()
    expect(amountOf(first, id)).toBeUndefined()
    await stop(first)
    expect(amountOf(start(dir), id)).toBeUndefined()
  })

  it('lets one simulator hold a directory, and takes over the lock of one that died', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    expect(() => start(dir)).toThrow(`${dir} is in use by another simulator of this process (pid ${process.pid})`)
    await stop(first)
    expect(lockFiles(dir)).toEqual({ 'lock-1': '{"released":true}\n' })
    // A pid no process has: a server killed with SIGKILL, in the previous format's lock and in this one's.
    writeFileSync(join(dir, 'lock'), '999999999\n')
    const gone = { pid: 999_999_999, start: 'killed', place: systemProcesses.self.place }
    writeFileSync(join(dir, 'lock-1'), `${JSON.stringify({ owner: gone })}\n`)
    start(dir)
    expect(lockFiles(dir)).toEqual({ 'lock-2': `${JSON.stringify({ owner: systemProcesses.self })}\n` })
  })

  it('drops a torn last line with a warning, and cuts it only once started', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    const kept = await createPayment(7)
    await stop(first)
    const log = join(dir, 'log-0.jsonl')
    const whole = readFileSync(log, 'utf8')
    writeFileSync(log, `${whole}[{"t":"put","table":"managerPay`)
    const warnings: string[] = []
    const second = serve(
      createMswSimulator({
        baseUrl: BASE,
        persistence: keepWorldIn(directoryPersistence({ dir, warn: (line) => warnings.push(line) })),
      }),
    )
    expect(amountOf(second, kept)).toBe(7)
    expect(warnings).toEqual([`${log}:2 has no line end (a write cut short): dropped it, and start with the rest`])
    expect(readFileSync(log, 'utf8')).toBe(whole)
  })

  it('refuses a damaged line before the last, naming file and line, and changes nothing', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    await createPayment()
    await createPayment()
    await stop(first)
    const log = join(dir, 'log-0.jsonl')
    const [line1, line2] = readFileSync(log, 'utf8').split('\n')
    writeFileSync(log, `${line1!.slice(0, 20)}\n${line2}\n`)
    const before = snapshotOf(dir)
    expect(() => start(dir)).toThrow(`${log}:1: not a JSON line`)
    expect(snapshotOf(dir)).toEqual(before)
  })

  it('refuses a stored record its table does not accept, naming file and line', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    await createPayment()
    await stop(first)
    const log = join(dir, 'log-0.jsonl')
    writeFileSync(log, readFileSync(log, 'utf8').replace('"amount":1500.5', '"amount":"a lot"'))
    expect(() => start(dir)).toThrow(`${log}:1: a managerPayments record is not valid at [1].record.amount`)
  })

  it('gives a new payment an id no stored payment holds, even when the stored counter is behind them', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    const id = await createPayment(11)
    await stop(first)
    const log = join(dir, 'log-0.jsonl')
    // A counter stored behind its records: what a directory edited by hand (or an older version's) can hold.
    writeFileSync(log, readFileSync(log, 'utf8').replace(`"next":${id + 1}`, `"next":${id}`))
    const second = start(dir)
    expect(second.model.peekNextId('managerPayments')).toBe(id)
    expect(await createPayment(12)).toBe(id + 1)
    expect(amountOf(second, id)).toBe(11)
  })

  it('refuses a directory written for another seed, naming both, unless reset', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    const id = await createPayment()
    await stop(first)
    expect(() => start(dir, { seed: 7 })).toThrow(/was written for a world of seed 20260301, .* this one has seed 7/)
    const again = start(dir, { seed: 7, reset: true })
    expect(amountOf(again, id)).toBe(amountOf(createMswSimulator({ seed: 7 }), id))
    await stop(again)
    expect(() => start(dir)).toThrow(/was written for a world of seed 7/)
  })

  it('compacts the log into a snapshot, and starts from both', async () => {
    const dir = temporaryDirectory('persist-')
    const persistence = directoryPersistence({ dir, compactFloorBytes: 2_000 })
    const first = serve(createMswSimulator({ baseUrl: BASE, persistence: keepWorldIn(persistence) }))
    const ids: number[] = []
    for (let i = 0; i < 40; i++) ids.push(await createPayment(1000 + i))
    await stop(first)
    const files = readdirSync(dir).sort()
    expect(files.filter((name) => name.startsWith('log-'))).toHaveLength(1)
    expect(files).not.toContain('log-0.jsonl')
    const logBytes = statSync(join(dir, files.find((name) => name.startsWith('log-'))!)).size
    expect(logBytes).toBeLessThanOrEqual(Math.max(2_000, 2 * statSync(join(dir, 'snapshot.jsonl')).size) + 1_000)
    const second = start(dir)
    expect(ids.map((id) => amountOf(second, id))).toEqual(ids.map((_, i) => 1000 + i))
  })
})

describe('persist: { dir } with serve --watch', () => {
  it('follows the fixtures it is given: the kept world starts over on them, and the next start on them is not refused', async () => {
    const dir = temporaryDirectory('persist-')
    const first = start(dir)
    const id = await createPayment(5)
    const edited = { ...parseWorld(defaultFixtures), users: parseWorld(defaultFixtures).users.slice(1) }
    first.host.replaceWorld(edited)
    await first.stored()
    await stop(first)
    const next = serve(createSimulator({ baseUrl: BASE, fixtures: edited, persist: { dir } }))
    expect(amountOf(next, id)).toBeUndefined()
    expect(readFileSync(join(dir, 'snapshot.jsonl'), 'utf8').split('\n')[0]).toContain(
      worldIdentity(DEFAULT_SEED, next.host.world).fixtures,
    )
  })
})

/** The files a start reads, by name (the lock's, which every start takes, left out). */
function snapshotOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => !name.startsWith('lock'))
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  )
}

function lockFiles(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.startsWith('lock'))
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  )
}

/**
 * The tabs' turns at one log (TabTurns, decision 0009), in-process: three simulators stand for
 * three tabs, an in-memory log for IndexedDB and a FIFO lock for Web Locks, and fast-check's
 * scheduler decides the order in which every read of the log, every append and every lock grant
 * resolves, and when a reset or a clock move lands in between. However they interleave, every tab
 * and a tab opened afterwards hold the same world, no request answers 500, and without a reset
 * every acknowledged payment is there under an id of its own and every investment counts. The
 * same runs on real IndexedDB and Web Locks in Chromium: test/browser/tabs-interleaved.browser.test.ts.
 */

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DeferredSink } from '../../src/persistence/browser/deferred-sink.ts'
import type { LogEntry } from '../../src/persistence/browser/indexeddb-log.ts'
import { type Locks, TabTurns } from '../../src/persistence/browser/tab-turns.ts'
import type { Change } from '../../src/persistence/change.ts'
import { keepWorldIn } from '../../src/persistence/persisted-world.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { fixtures, NEW_WALLET_A } from '../support/world.ts'

const TOKEN = fixtures.securityTokens[0]!.contractAddress
const nothing = () => undefined

/** IndexedDB's log, in memory: each read and append resolves when the scheduler says. */
class MemoryLog {
  #entries: LogEntry[] = []
  #next = 1
  constructor(private readonly scheduler: fc.Scheduler) {}

  async read(after = 0) {
    await this.scheduler.schedule(Promise.resolve(), 'read')
    const entries = this.#entries.filter((entry) => entry.key > after).map((entry) => structuredClone(entry))
    return { world: 'this world', scenario: undefined, entries }
  }

  async append(changes: unknown, restart: boolean): Promise<number> {
    await this.scheduler.schedule(Promise.resolve(), 'append')
    if (restart) this.#entries = []
    const key = this.#next++
    this.#entries.push({ key, changes: structuredClone(changes) })
    return key
  }
}

/** Web Locks, in one process: granted in the order asked, when the scheduler says. */
class MemoryLocks implements Locks {
  #held: Promise<unknown> = Promise.resolve()
  constructor(private readonly scheduler: fc.Scheduler) {}

  request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
    const run = this.#held.then(() => this.scheduler.schedule(Promise.resolve(), 'lock')).then(callback)
    this.#held = run.then(nothing, nothing)
    return run
  }
}

function request(method: string, path: string, body?: unknown) {
  const [pathname, search = ''] = path.split('?')
  return {
    method,
    path: pathname!,
    query: new URLSearchParams(search),
    header: (name: string) =>
      name === 'authorization' ? 'Bearer t' : name === 'content-type' ? 'application/json' : null,
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  }
}

/** A tab: its own simulator, started from the log (as persist-in-browser does), taking turns at it. */
async function openTab(log: MemoryLog, locks: MemoryLocks, lost: unknown[]) {
  const relay = new DeferredSink()
  const simulator = createSimulator({ persistence: keepWorldIn(relay.persistence) })
  const cursor = await locks.request('log', async () => {
    const { entries } = await log.read()
    relay.apply(entries.map(({ key, changes }) => ({ changes, origin: `entry ${key}` })))
    return entries.at(-1)?.key ?? 0
  })
  const turns = new TabTurns({
    log,
    locks,
    lockName: 'log',
    origin: 'memory',
    cursor,
    isOurs: () => true,
    apply: (entries) => void relay.apply(entries),
    lost: (error) => void lost.push(error),
  })
  for (const changes of relay.attach(turns)) turns.append(changes as Change[])
  const send = async (method: string, path: string, body?: unknown) => {
    const answer = () => simulator.host.handle(request(method, path, body))
    const reply = method === 'GET' ? await turns.follow().then(answer) : await turns.write(answer)
    return { status: reply.status, json: JSON.parse(reply.body as string) }
  }
  return { simulator, turns, send }
}

type Tab = Awaited<ReturnType<typeof openTab>>

type Op =
  | { readonly tab: number; readonly kind: 'pay' | 'invest' | 'create' | 'read' | 'reset' }
  | { readonly tab: number; readonly kind: 'clock'; readonly minutes: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ tab: fc.nat({ max: 2 }), kind: fc.constantFrom('pay', 'invest', 'create', 'read') }),
  fc.record({ tab: fc.nat({ max: 2 }), kind: fc.constant('reset' as const) }),
  fc.record({ tab: fc.nat({ max: 2 }), kind: fc.constant('clock' as const), minutes: fc.nat({ max: 1000 }) }),
)

/** What a tab holds, as the state view shows it. */
const worldOf = (tab: Tab) => JSON.stringify(tab.simulator.state({ limit: 10_000 }))

describe('tabs taking turns at one log', () => {
  it('agree whatever the order of reads, appends, lock grants, resets and clock moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(op, { minLength: 1, maxLength: 12 }), async (scheduler, ops) => {
        const log = new MemoryLog(scheduler)
        const locks = new MemoryLocks(scheduler)
        const lost: unknown[] = []
        const tabs = await scheduler.waitFor(Promise.all([0, 1, 2].map(() => openTab(log, locks, lost))))

        const payments: { status: number; id?: number; amount: number }[] = []
        const invested: number[] = []
        const statuses: number[] = []
        const running = ops.map(async (o, i) => {
          await scheduler.schedule(Promise.resolve(), `${o.kind} in tab ${o.tab}`)
          const tab = tabs[o.tab]!
          if (o.kind === 'reset') tab.simulator.reset()
          else if (o.kind === 'clock') tab.simulator.clock.set(new Date(Date.UTC(2026, 5, 1) + o.minutes * 60_000))
          else if (o.kind === 'pay') {
            const reply = await tab.send('POST', '/manager', {
              managerAddress: NEW_WALLET_A,
              tokenAddress: TOKEN,
              amount: i + 1,
              series: 'SENIOR',
              type: 'AMORTIZACAO',
            })
            statuses.push(reply.status)
            payments.push({ status: reply.status, id: reply.json.id, amount: i + 1 })
          } else if (o.kind === 'invest') {
            const reply = await tab.send('PUT', `/securityToken/${TOKEN}`, { investmentAmount: i + 1 })
            statuses.push(reply.status)
            if (reply.status === 200) invested.push(i + 1)
          } else if (o.kind === 'create') statuses.push((await tab.send('POST', '/securityToken', { data: {} })).status)
          else statuses.push((await tab.send('GET', '/securityToken')).status)
        })
        await scheduler.waitFor(Promise.all(running))
        // Every change is stored (a reset or clock move outside a turn too); then each tab takes in the rest.
        await scheduler.waitFor(Promise.all(tabs.map((tab) => tab.simulator.stored())))
        await scheduler.waitFor(Promise.all(tabs.map((tab) => tab.turns.follow())))
        const all = [...tabs, await scheduler.waitFor(openTab(log, locks, lost))]

        expect(lost).toEqual([])
        expect(statuses.filter((status) => status >= 500)).toEqual([])
        const worlds = all.map(worldOf)
        for (const world of worlds) expect(world).toBe(worlds[0])
        if (ops.some((o) => o.kind === 'reset')) return
        // Without a reset, every acknowledged write is there: payments under ids of their own, investments added up.
        const listed = (await scheduler.waitFor(all[0]!.send('GET', `/manager/${NEW_WALLET_A}/${TOKEN}`))).json as {
          id: number
        }[]
        expect(payments.every((payment) => payment.status === 200)).toBe(true)
        expect(new Set(payments.map((payment) => payment.id)).size).toBe(payments.length)
        expect(listed.map((payment) => payment.id).sort()).toEqual(payments.map((payment) => payment.id).sort())
        const token = all[0]!.simulator.model.securityTokens.get(TOKEN)!
        const seeded = fixtures.securityTokens[0]!.totalInvestmentAmount
        expect(token.totalInvestmentAmount).toBe(seeded + invested.reduce((sum, amount) => sum + amount, 0))
      }),
      { seed: 31, numRuns: propertyRuns(150, 30), endOnFailure: true },
    )
  })
})

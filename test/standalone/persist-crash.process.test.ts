/**
 * Crash safety of `serve --persist`: the server is killed with SIGKILL at a random point of a
 * burst of concurrent writes, over and over (with compactions among them, the floor set low), and
 * every time it must start again and read back every write it ever acknowledged. Then random
 * creates, updates, resets and clock moves, one at a time, the last of each round killed at a
 * random instant: each restart finds the world as the last acknowledged change left it, or with
 * the write in flight applied as a whole, gives no payment id twice and answers no 500. Rounds:
 * the full count in CI, about a third elsewhere (test/support/property-runs.ts).
 */
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { startCli } from '../support/cli-process.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const ROUNDS = propertyRuns(24, 8)
const BURST = 24
const AUTH = { authorization: 'Bearer persist-crash', 'content-type': 'application/json' }
const payment = samples.createManagerPayment
const list = samples.listManagerPayments

/** A seeded sequence (mulberry32), so that a failing run can be repeated. */
function sequence(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('serve --persist killed with SIGKILL during a write burst', () => {
  it(`starts again and reads back every acknowledged write, ${ROUNDS} rounds`, { timeout: 600_000 }, async () => {
    const dir = temporaryDirectory('persist-crash-')
    const random = sequence(20260301)
    /** id → amount of every write the server acknowledged, over all rounds. */
    const acknowledged = new Map<number, number>()
    const env = { SIM_PERSIST_COMPACT_FLOOR: '20000' }
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startCli(['--persist', dir, '--quiet'], { env })
      const stored = (await (await fetch(`${server.url}${list.path}`, { headers: AUTH })).json()) as {
        id: number
        amount: number
      }[]
      const read = new Map(stored.map((record) => [record.id, record.amount]))
      for (const [id, amount] of acknowledged) expect(read.get(id), `round ${round}: payment ${id}`).toBe(amount)

      const killAfter = Math.floor(random() * BURST) // answers to wait for before the kill
      let answered = 0
      let killed: Promise<number | null> | undefined
      const writes = Array.from({ length: BURST }, async (_, i) => {
        const amount = round * 1000 + i + 0.5
        try {
          const response = await fetch(`${server.url}${payment.path}`, {
            method: 'POST',
            headers: AUTH,
            body: JSON.stringify({ ...(payment.body as object), amount }),
          })
          const body = (await response.json()) as { id: number }
          if (response.status === 200) acknowledged.set(body.id, amount)
        } catch {
          // cut by the kill: not acknowledged
        }
        if (++answered > killAfter) killed ??= server.stop('SIGKILL')
      })
      if (killAfter === 0) killed = server.stop('SIGKILL')
      await Promise.all(writes)
      await (killed ?? server.stop('SIGKILL'))
    }
    const last = await startCli(['--persist', dir, '--quiet'], { env })
    try {
      const stored = (await (await fetch(`${last.url}${list.path}`, { headers: AUTH })).json()) as {
        id: number
        amount: number
      }[]
      const read = new Map(stored.map((record) => [record.id, record.amount]))
      for (const [id, amount] of acknowledged) expect(read.get(id), `payment ${id}`).toBe(amount)
      expect(acknowledged.size).toBeGreaterThan(0)
      // The log was compacted on the way (its generation moved past 0), so kills met compactions too.
      expect(readdirSync(dir).filter((name) => /^log-[1-9]\d*\.jsonl$/.test(name))).toHaveLength(1)
      expect(last.output()).not.toMatch(/corrupt|not a JSON line/)
    } finally {
      await last.stop()
    }
  })
})

/** What a step does: a payment created or updated, a reset, a clock move. */
type Op =
  | { readonly kind: 'create'; readonly table: 'managerPayments' | 'investorPayments'; readonly amount: number }
  | { readonly kind: 'update'; readonly table: 'managerPayments' | 'investorPayments'; readonly amount: number }
  | { readonly kind: 'reset' }
  | { readonly kind: 'clock'; readonly advanceMs: number }

/** The world as the control API shows it: each payment table's records by id, and the clock. */
interface World {
  readonly tables: Record<'managerPayments' | 'investorPayments', Map<number, string>>
  readonly now: string
}

async function worldOf(url: string): Promise<World> {
  const state = (await (await fetch(`${url}/__sim/state?limit=300`)).json()) as {
    clock: { now: string }
    tables: Record<string, { id: number }[]>
  }
  const byId = (records: { id: number }[]) => new Map(records.map((record) => [record.id, JSON.stringify(record)]))
  return {
    tables: {
      managerPayments: byId(state.tables.managerPayments!),
      investorPayments: byId(state.tables.investorPayments!),
    },
    now: state.clock.now,
  }
}

const sameTable = (a: Map<number, string>, b: Map<number, string>) =>
  a.size === b.size && [...a].every(([id, record]) => b.get(id) === record)

const sameWorld = (a: World, b: World) =>
  a.now === b.now &&
  sameTable(a.tables.managerPayments, b.tables.managerPayments) &&
  sameTable(a.tables.investorPayments, b.tables.investorPayments)

/** Whether `after` is `before` with `op` applied (the write in flight when the kill came), and nothing else changed. */
function applied(before: World, op: Op, target: number | undefined, seeded: World, after: World): boolean {
  switch (op.kind) {
    case 'reset':
      return sameWorld(after, seeded)
    case 'clock':
      return (
        Date.parse(after.now) - Date.parse(before.now) === op.advanceMs &&
        sameWorld({ ...after, now: before.now }, before)
      )
    case 'create':
    case 'update': {
      const other = op.table === 'managerPayments' ? 'investorPayments' : 'managerPayments'
      if (after.now !== before.now || !sameTable(after.tables[other], before.tables[other])) return false
      const [was, now] = [before.tables[op.table], after.tables[op.table]]
      const changed = [...now].filter(([id, record]) => was.get(id) !== record)
      const gone = [...was.keys()].filter((id) => !now.has(id))
      const created = op.kind === 'create' && now.size === was.size + 1 && !was.has(changed[0]?.[0] ?? -1)
      const updated = op.kind === 'update' && now.size === was.size && changed[0]?.[0] === target
      return (
        gone.length === 0 &&
        changed.length === 1 &&
        (created || updated) &&
        (JSON.parse(changed[0]![1]) as { amount: number }).amount === op.amount
      )
    }
  }
}

function request(op: Op, world: World, pick: number): { path: string; init: RequestInit; target?: number } {
  switch (op.kind) {
    case 'reset':
      return { path: '/__sim/reset', init: { method: 'POST' } }
    case 'clock':
      return { path: '/__sim/clock', init: { method: 'PUT', body: JSON.stringify({ advanceMs: op.advanceMs }) } }
    case 'create': {
      const sample = op.table === 'managerPayments' ? payment : samples.createInvestorPayment
      return {
        path: sample.path,
        init: { method: 'POST', body: JSON.stringify({ ...(sample.body as object), amount: op.amount }) },
      }
    }
    case 'update': {
      const records = [...world.tables[op.table].values()].map(
        (text) => JSON.parse(text) as { id: number; tokenAddress: string; investorAddress: string },
      )
      const record = records[pick % records.length]!
      const sample = op.table === 'managerPayments' ? samples.updateManagerPayment : samples.updateInvestorPayment
      const owner = op.table === 'managerPayments' ? record.tokenAddress : record.investorAddress
      return {
        path: `/${op.table === 'managerPayments' ? 'manager' : 'investor'}/${owner}/${record.id}`,
        init: { method: 'PUT', body: JSON.stringify({ ...(sample.body as object), amount: op.amount }) },
        target: record.id,
      }
    }
  }
}

describe('serve --persist killed with SIGKILL at random points of random writes, resets and clock moves', () => {
  const RANDOM_ROUNDS = propertyRuns(14, 5)
  it(`restarts into the acknowledged history, gives no id twice and answers no 500, ${RANDOM_ROUNDS} rounds`, {
    timeout: 600_000,
  }, async () => {
    const dir = temporaryDirectory('persist-crash-')
    const random = sequence(31)
    const env = { SIM_PERSIST_COMPACT_FLOOR: '3000' }
    const pickOp = (): Op => {
      const roll = random()
      const table = random() < 0.5 ? 'managerPayments' : 'investorPayments'
      const amount = Math.floor(random() * 1_000_000) + 1
      if (roll < 0.4) return { kind: 'create', table, amount }
      if (roll < 0.75) return { kind: 'update', table, amount }
      if (roll < 0.85) return { kind: 'reset' }
      return { kind: 'clock', advanceMs: Math.floor(random() * 86_400_000) + 1 }
    }
    let seeded: World | undefined
    let acknowledged: World | undefined
    /** The write in flight when the last kill came, the world before it, and whether it was answered 200 (stored) all the same. */
    let inFlight: { op: Op; target: number | undefined; before: World; acknowledged?: boolean } | undefined
    /** Payment ids acknowledged since the last acknowledged reset. */
    const given = new Set<string>()
    const history: string[] = []
    for (let round = 0; round < RANDOM_ROUNDS; round++) {
      const server = await startCli(['--persist', dir, '--quiet'], { env })
      let killed: Promise<number | null> | undefined
      try {
        const world = await worldOf(server.url)
        seeded ??= world
        if (acknowledged !== undefined) {
          const kept =
            (inFlight?.acknowledged !== true && sameWorld(world, acknowledged)) ||
            (inFlight !== undefined && applied(inFlight.before, inFlight.op, inFlight.target, seeded, world))
          expect(kept, `round ${round}, after ${history.join(' → ')}: the restarted world`).toBe(true)
        }
        acknowledged = world
        inFlight = undefined
        const steps = 1 + Math.floor(random() * 6)
        for (let step = 0; step < steps && killed === undefined; step++) {
          const op = pickOp()
          const before = acknowledged
          const sent = request(op, before, Math.floor(random() * 1000))
          const answer = fetch(`${server.url}${sent.path}`, { ...sent.init, headers: AUTH })
          // The last step of a round is killed at a random instant: before, during or after its answer.
          if (step === steps - 1) {
            inFlight = { op, target: sent.target, before }
            await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 4)))
            killed = server.stop('SIGKILL')
          }
          let response: Response
          try {
            response = await answer
          } catch {
            history.push(`${op.kind} (cut)`)
            break
          }
          const body = (await response.json().catch(() => ({}))) as { id?: number; message?: string }
          history.push(`${op.kind} ${response.status}`)
          expect(response.status, `${history.join(' → ')}: ${body.message}`).toBeLessThan(500)
          if (response.status !== 200) continue
          if (op.kind === 'reset') given.clear()
          if (op.kind === 'create') {
            const id = `${op.table} ${body.id}`
            expect(given, `${history.join(' → ')}: ${id} was given before`).not.toContain(id)
            given.add(id)
          }
          // Answered 200 before the kill: stored, so the restart must show it.
          if (killed !== undefined) inFlight = { ...inFlight!, acknowledged: true }
          else acknowledged = await worldOf(server.url)
        }
      } finally {
        await (killed ?? server.stop('SIGKILL'))
      }
    }
    expect(history.filter((entry) => / 200$/.test(entry)).length).toBeGreaterThan(RANDOM_ROUNDS)
  })
})

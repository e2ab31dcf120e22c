/**
 * Crash safety of `serve --persist`: the server is killed with SIGKILL at a random point of a
 * burst of concurrent writes, over and over (with compactions among them, the floor set low), and
 * every time it must start again and read back every write it ever acknowledged.
 */
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { startCli } from '../support/cli-process.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const ROUNDS = 24
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

/**
 * The persistence directory's lock, with processes and interleavings chosen by the test: two
 * starts meeting a stale lock never both hold it, whichever file system call of one the other
 * runs its whole start before; a lock whose owner is gone is taken over, one whose owner runs is
 * refused naming it, and one let go is taken at once.
 */
import { readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { acquireLock } from '../../src/persistence/node/directory-lock.ts'
import { nodeFs, type PersistFs } from '../../src/persistence/node/persist-fs.ts'
import type { ProcessTable } from '../../src/persistence/node/process-identity.ts'
import { FakeProcesses, FaultyFs } from '../support/faulty-fs.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

/** The real file system, running `before` once, just before its `at`-th call. */
function interleaved(at: number, before: () => void): PersistFs & { calls: number } {
  let calls = 0
  const wrapped = Object.fromEntries(
    Object.entries(nodeFs).map(([name, call]) => [
      name,
      (...args: unknown[]) => {
        if (++calls === at) before()
        return (call as (...a: unknown[]) => unknown)(...args)
      },
    ]),
  ) as unknown as PersistFs
  return Object.defineProperty(wrapped, 'calls', { get: () => calls }) as PersistFs & { calls: number }
}

/** A start's outcome: it holds the lock (and what releases it), or was refused (and why). */
type Outcome = { held: true; release: () => void } | { held: false; reason: string }

function tryLock(dir: string, processes: ProcessTable, fs: PersistFs = nodeFs): Outcome {
  try {
    return { held: true, release: acquireLock(dir, { fs, processes }) }
  } catch (error) {
    return { held: false, reason: (error as Error).message }
  }
}

/** A directory whose lock was held by a process that is gone (killed: it never let go). */
function staleDirectory(processes: FakeProcesses): string {
  const dir = temporaryDirectory('persist-lock-')
  const dead = processes.start()
  const fs = new FaultyFs()
  const release = acquireLock(dir, { fs, processes: dead.table })
  fs.kill()
  release() // nothing reaches the directory: the lock stays as the kill left it
  dead.end()
  return dir
}

function letGo(outcome: Outcome): void {
  if (outcome.held) outcome.release()
}

describe('the --persist lock', () => {
  it('lets exactly one of two starts meeting a stale lock hold it, however their calls interleave', () => {
    const processes = new FakeProcesses()
    // How many calls a start makes, so that every point of it is tried.
    const probe = processes.start()
    const counting = interleaved(0, () => {})
    letGo(tryLock(staleDirectory(processes), probe.table, counting))
    expect(counting.calls).toBeGreaterThan(4)
    for (let at = 1; at <= counting.calls + 1; at++) {
      const dir = staleDirectory(processes)
      const first = processes.start()
      const second = processes.start()
      let other: Outcome | undefined
      const mine = tryLock(
        dir,
        first.table,
        interleaved(at, () => {
          other = tryLock(dir, second.table)
        }),
      )
      const outcomes = [mine, other ?? tryLock(dir, second.table)]
      const holders = outcomes.filter((outcome) => outcome.held).length
      expect(holders, `the second start ran before call ${at} of the first: ${JSON.stringify(outcomes)}`).toBe(1)
      const refused = outcomes.find((outcome) => !outcome.held) as { reason: string }
      expect(refused.reason).toMatch(/is in use by another simulator \(pid \d+\)/)
      for (const outcome of outcomes) letGo(outcome)
    }
  })

  it('takes over a lock whose owner is gone, refuses one whose owner runs, and takes one let go at once', () => {
    const processes = new FakeProcesses()
    const dir = temporaryDirectory('persist-lock-')
    const owner = processes.start()
    const held = tryLock(dir, owner.table)
    expect(held.held).toBe(true)
    const next = processes.start()
    expect(tryLock(dir, next.table)).toMatchObject({
      held: false,
      reason: `${dir} is in use by another simulator (pid ${owner.table.self.pid}): stop it, or use another directory`,
    })
    letGo(held) // let go: the next start takes it
    const after = tryLock(dir, next.table)
    expect(after.held).toBe(true)
    letGo(after)
    // …and that start was killed instead: its lock stays, its owner gone.
    writeFileSync(join(dir, 'lock-2'), `${JSON.stringify({ owner: next.table.self })}\n`)
    next.end()
    const third = tryLock(dir, processes.start().table)
    expect(third.held).toBe(true)
    expect(readdirSync(dir).filter((name) => name.startsWith('lock'))).toEqual(['lock-3'])
    letGo(third)
  })

  it('refuses a lock from another container while its owner refreshes it, and takes it once it is old', () => {
    const dir = temporaryDirectory('persist-lock-')
    const lock = join(dir, 'lock-1')
    writeFileSync(lock, `${JSON.stringify({ owner: { pid: 1, start: 'x', place: 'another-container' } })}\n`)
    const start = new FakeProcesses().start()
    expect(tryLock(dir, start.table)).toMatchObject({
      held: false,
      reason: expect.stringMatching(
        /is in use by a simulator elsewhere \(pid 1 on another-container\), which this one cannot see; its lock was refreshed \d+ s ago: .* once its lock is 30 s old \(or remove .*lock-1\)/,
      ),
    })
    const old = new Date(Date.now() - 31_000)
    utimesSync(lock, old, old) // no heartbeat for longer than three of its intervals: the owner is gone
    const taken = tryLock(dir, start.table)
    expect(taken.held).toBe(true)
    letGo(taken)
  })

  it('refuses a lock file it did not write, naming it', () => {
    const dir = temporaryDirectory('persist-lock-')
    writeFileSync(join(dir, 'lock-4'), 'hello\n')
    expect(tryLock(dir, new FakeProcesses().start().table)).toMatchObject({
      held: false,
      reason: `${join(dir, 'lock-4')} is not a lock this simulator wrote: remove it, or use another directory`,
    })
  })
})

/**
 * A store that fails leaves nothing half-done: random writes over HTTP (payments, security tokens,
 * signature contracts: creates, updates, deletes), resets and clock moves against a `--persist`
 * directory whose file system answers ENOSPC or EIO at an append, a sync or a rename, and whose
 * process is killed at random points (in-process: the file system stops where the kill falls, the
 * instance is dropped and the directory started again, which is what `kill -9` leaves when every
 * answer waited for its fdatasync). The model is the acknowledged history: the world as it was
 * when the last change was answered 200. After every restart the world is that one, or one that
 * memory held since (the write in flight, or one answered 503 "applied in memory"); a payment id
 * acknowledged since the last reset is never given again; nothing answers 500; a 503 says whether
 * the write is in memory, and one that says "not applied" left memory as it was.
 */

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tableNames } from '../../src/model/world.ts'
import { directoryPersistence } from '../../src/persistence/node/directory-persistence.ts'
import { keepWorldIn } from '../../src/persistence/persisted-world.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/index.ts'
import { createSimulatorCore, type SimulatorCore } from '../../src/simulator-core.ts'
import { FakeProcesses, type Fault, FaultyFs } from '../support/faulty-fs.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const AUTH = { authorization: 'Bearer persist-faults', 'content-type': 'application/json' }

type Action =
  | { readonly kind: 'createManagerPayment' | 'createInvestorPayment' | 'createSecurityToken' }
  | { readonly kind: 'createSignatureContract' | 'reset' | 'restart' }
  | { readonly kind: 'updateManagerPayment' | 'updateInvestorPayment'; readonly pick: number; readonly amount: number }
  | { readonly kind: 'updateSecurityToken' | 'deleteSecurityToken'; readonly pick: number }
  | { readonly kind: 'clock'; readonly advanceMs: number }

interface Step {
  readonly action: Action
  readonly fault: Fault | undefined
  /** Kill the process at this file system call from the step's start. */
  readonly kill: number | undefined
}

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom(
    { kind: 'createManagerPayment' } as const,
    { kind: 'createInvestorPayment' } as const,
    { kind: 'createSecurityToken' } as const,
    { kind: 'createSignatureContract' } as const,
    { kind: 'reset' } as const,
    { kind: 'restart' } as const,
  ),
  fc.record({
    kind: fc.constantFrom('updateManagerPayment', 'updateInvestorPayment') as fc.Arbitrary<
      'updateManagerPayment' | 'updateInvestorPayment'
    >,
    pick: fc.nat(),
    amount: fc.integer({ min: 1, max: 100_000 }),
  }),
  fc.record({
    kind: fc.constantFrom('updateSecurityToken', 'deleteSecurityToken') as fc.Arbitrary<
      'updateSecurityToken' | 'deleteSecurityToken'
    >,
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('clock' as const), advanceMs: fc.integer({ min: 1, max: 86_400_000 }) }),
)

const fault: fc.Arbitrary<Fault> = fc.record({
  site: fc.constantFrom('append', 'write', 'sync', 'rename'),
  code: fc.constantFrom('ENOSPC', 'EIO'),
  nth: fc.integer({ min: 1, max: 3 }),
})

const step: fc.Arbitrary<Step> = fc.record({
  action,
  fault: fc.option(fault, { nil: undefined, freq: 3 }),
  kill: fc.option(fc.integer({ min: 1, max: 14 }), { nil: undefined, freq: 6 }),
})

/** One running instance: a process, its file system, its simulator and server. */
interface Instance {
  readonly core: SimulatorCore
  readonly server: StandaloneServer
  readonly fs: FaultyFs
  end(): void
}

/** The world a simulator holds: every record of every table, the id counters and the clock. */
function worldOf(core: SimulatorCore): string {
  const model = core.model
  const tables = Object.fromEntries(
    tableNames.map((name) => [
      name,
      model[name]
        .slice(0, model[name].count())
        .map((record) => JSON.stringify(record))
        .sort(),
    ]),
  )
  const ids = { manager: model.peekNextId('managerPayments'), investor: model.peekNextId('investorPayments') }
  return JSON.stringify({ tables, ids, clock: core.clock.state() })
}

function keysOf(core: SimulatorCore, table: 'managerPayments' | 'investorPayments' | 'securityTokens'): object[] {
  const records = core.model[table]
  return records.slice(0, records.count()) as object[]
}

class Harness {
  readonly #dir: string
  readonly #processes = new FakeProcesses()
  readonly warnings: string[] = []

  constructor(dir: string) {
    this.#dir = dir
  }

  async start(): Promise<Instance> {
    const process = this.#processes.start()
    const fs = new FaultyFs()
    const core = createSimulatorCore({
      persistence: keepWorldIn(
        directoryPersistence({
          dir: this.#dir,
          fs,
          processes: process.table,
          compactFloorBytes: 4_000, // so that compactions, and kills during them, come often
          warn: (line) => this.warnings.push(line),
        }),
      ),
    })
    const server = await startStandaloneServer({ port: 0, simulator: core })
    return { core, server, fs, end: process.end }
  }

  /** A clean stop: the server closed, the simulator closed (its store catching up if it can). */
  async stop(instance: Instance): Promise<void> {
    await instance.server.close()
    await instance.core.close()
    instance.end()
  }

  /** `kill -9`: the file system stops where it is, the process is gone, nothing else happens on disk. */
  async kill(instance: Instance): Promise<void> {
    instance.fs.kill()
    instance.end()
    await instance.server.close()
    await instance.core.close() // every call of a killed file system fails: this only lets go of the instance
  }
}

function request(core: SimulatorCore, action: Action): { method: string; path: string; body?: unknown } {
  switch (action.kind) {
    case 'createManagerPayment':
    case 'createInvestorPayment':
    case 'createSecurityToken':
    case 'createSignatureContract':
      return samples[action.kind]
    case 'updateManagerPayment': {
      const payments = keysOf(core, 'managerPayments') as { id: number; tokenAddress: string }[]
      const payment = payments[action.pick % payments.length]!
      return {
        method: 'PUT',
        path: `/manager/${payment.tokenAddress}/${payment.id}`,
        body: { ...(samples.updateManagerPayment.body as object), amount: action.amount },
      }
    }
    case 'updateInvestorPayment': {
      const payments = keysOf(core, 'investorPayments') as { id: number; investorAddress: string }[]
      const payment = payments[action.pick % payments.length]!
      return {
        method: 'PUT',
        path: `/investor/${payment.investorAddress}/${payment.id}`,
        body: { ...(samples.updateInvestorPayment.body as object), amount: action.amount },
      }
    }
    case 'updateSecurityToken':
    case 'deleteSecurityToken': {
      const tokens = keysOf(core, 'securityTokens') as { contractAddress: string }[]
      const address = tokens[action.pick % tokens.length]?.contractAddress ?? '0x0'
      return action.kind === 'updateSecurityToken'
        ? { method: 'PUT', path: `/securityToken/${address}`, body: samples.updateSecurityToken.body }
        : { method: 'DELETE', path: `/securityToken?contractAddress=${address}` }
    }
    case 'reset':
      return { method: 'POST', path: '/__sim/reset' }
    case 'clock':
      return { method: 'PUT', path: '/__sim/clock', body: { advanceMs: action.advanceMs } }
    case 'restart':
      throw new Error('a restart is not a request')
  }
}

async function send(
  instance: Instance,
  sent: { method: string; path: string; body?: unknown },
): Promise<{ status: number; body: { id?: number; message?: string } }> {
  const response = await fetch(`${instance.server.url}${sent.path}`, {
    method: sent.method,
    headers: AUTH,
    ...(sent.body !== undefined && { body: JSON.stringify(sent.body) }),
  })
  return { status: response.status, body: (await response.json()) as { id?: number; message?: string } }
}

async function run(steps: readonly Step[]): Promise<void> {
  const harness = new Harness(temporaryDirectory('persist-faults-'))
  let instance = await harness.start()
  const seeded = worldOf(instance.core)
  /** The world when the last change was acknowledged: what a restart must find. */
  let acknowledged = seeded
  /** Worlds memory held since (a write in flight, or applied in memory and answered 503): a restart may find one. */
  let since: string[] = []
  /** Payment ids acknowledged since the last acknowledged reset. */
  const given = new Set<string>()
  const history: string[] = []
  const restart = async (killed: boolean) => {
    await (killed ? harness.kill(instance) : harness.stop(instance))
    instance = await harness.start()
    const world = worldOf(instance.core)
    expect([acknowledged, ...since], `after ${history.join(' → ')}: the restarted world`).toContain(world)
    acknowledged = world
    since = []
  }
  try {
    for (const { action, fault, kill } of steps) {
      if (fault !== undefined) instance.fs.arm(fault)
      if (kill !== undefined) instance.fs.killAfter(kill)
      if (action.kind === 'restart') {
        history.push('restart')
        await restart(instance.fs.killed)
        continue
      }
      const before = worldOf(instance.core)
      const sent = request(instance.core, action)
      const answer = await send(instance, sent)
      const after = worldOf(instance.core)
      history.push(`${action.kind} ${answer.status}${instance.fs.struck.length > 0 ? ` [${instance.fs.struck}]` : ''}`)
      const where = `after ${history.join(' → ')}`
      expect(answer.status, `${where}: ${answer.body.message}`).not.toBe(500)
      if (answer.status >= 500) {
        expect(answer.status, where).toBe(503)
        expect(answer.body.message, where).toMatch(/applied in memory but could not be stored|not applied \(memory/)
        if (/not applied/.test(answer.body.message!))
          expect(after, `${where}: memory after a refused write`).toBe(before)
      }
      if (instance.fs.killed) {
        since.push(after)
        history.push('kill -9')
        await restart(true)
        continue
      }
      if (answer.status !== 200) {
        if (after !== before) since.push(after)
        continue
      }
      acknowledged = after
      since = []
      if (action.kind === 'reset') {
        expect(after, `${where}: the world after an acknowledged reset`).toBe(seeded)
        given.clear()
      }
      if (action.kind === 'createManagerPayment' || action.kind === 'createInvestorPayment') {
        const id = `${action.kind} ${answer.body.id}`
        expect(given, `${where}: ${id} was given before`).not.toContain(id)
        given.add(id)
      }
    }
    await restart(instance.fs.killed)
  } finally {
    await harness.stop(instance).catch(() => {})
  }
}

describe('serve --persist on a file system that fails and a process that is killed', () => {
  it('answers a write and a control change that arrive together while the store catches up', async () => {
    const harness = new Harness(temporaryDirectory('persist-faults-'))
    const instance = await harness.start()
    try {
      instance.fs.arm({ site: 'append', code: 'ENOSPC', nth: 1 })
      const failed = await send(instance, samples.createManagerPayment)
      expect(failed.body.message).toMatch(/^the write is applied in memory but could not be stored/)
      // The next write catches the store up with a snapshot; a control change comes while it is written.
      const hold = instance.fs.holdNextSync()
      const write = send(instance, samples.createManagerPayment)
      await hold.reached
      // What a control change awaits before it is made, asked while the snapshot is written.
      const changeMayGo = instance.core.host.writable()
      hold.release()
      await changeMayGo
      expect((await write).status).toBe(200)
      const change = await send(instance, { method: 'PUT', path: '/__sim/clock', body: { advanceMs: 1000 } })
      expect(change.status).toBe(200)
      const world = worldOf(instance.core)
      await harness.stop(instance)
      const restarted = await harness.start()
      expect(worldOf(restarted.core)).toBe(world)
      await harness.stop(restarted)
    } finally {
      await harness.stop(instance).catch(() => {})
    }
  })

  it('restarts into the acknowledged history every time, gives no id twice and answers no 500', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), run), {
      numRuns: propertyRuns(100),
      seed: 20260301,
    })
  }, 600_000)
})

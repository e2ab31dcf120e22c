/**
 * A scenario's `world.create`: a QA file arranges its own data (records made by the factories when
 * the scenario is activated, alone or on top of `fixtures`/`size`), mistakes fail at load with the
 * file and path, links the world lacks fail at activation without changing anything, and steps
 * replay against the records through the API, in-process and on a shared server.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DebtTokenStatus } from '../../src/domain/debt-token-status.ts'
import { replayCommand } from '../../src/runtimes/cli/replay.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import type { ScenarioInput } from '../../src/scenarios/scenario-schema.ts'
import { expectErrorShape, fixtures, UNKNOWN_ADDRESS } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'
import { call } from './support.ts'

const FUND = '0x00000000000000000000000000000000000f00d1'
const DEBTOR = '0x00000000000000000000000000000000000de0b7'

/** A fund of our own, two overdue loans of one debtor under it, and a paid manager payment. */
const ARRANGED: ScenarioInput = {
  description: 'an overdue debtor under a fund of its own',
  world: {
    create: [
      { table: 'securityTokens', overrides: { contractAddress: FUND, symbol: 'STQA' } },
      {
        table: 'debtTokens',
        count: 2,
        state: 'overdue',
        overrides: { securityTokenAddress: FUND, debtorAddress: DEBTOR, debtorId: '11.222.333/0001-81' },
      },
      { table: 'managerPayments', overrides: { tokenAddress: FUND, status: 'PAID' } },
    ],
  },
  rules: [],
  steps: [
    {
      name: 'the debtor is overdue twice under the fund',
      request: { method: 'GET', path: `/manager/debt-tokens/${FUND}` },
      expect: {
        status: 200,
        body: [
          { debtorAddress: DEBTOR, status: DebtTokenStatus.Overdue },
          { debtorAddress: DEBTOR, status: DebtTokenStatus.Overdue },
        ],
      },
      capture: { token: 'body[0].address' },
    },
    {
      request: { method: 'GET', path: `/debtToken/debtor/${DEBTOR}/{{token}}` },
      expect: { status: 200, body: [{ debtorId: '11.222.333/0001-81' }] },
    },
    {
      request: { method: 'GET', path: '/securityToken', query: { contractAddress: FUND } },
      expect: { status: 200, body: [{ symbol: 'STQA', expired: false }] },
    },
  ],
}

function writeScenario(directory: string, name: string, scenario: unknown): string {
  const file = join(directory, `${name}.json`)
  writeFileSync(file, JSON.stringify(scenario))
  return file
}

describe('loading', () => {
  it('names the file and the path of a mistake in world.create', () => {
    const directory = temporaryDirectory('world-create-')
    const load = (world: unknown) => {
      const file = writeScenario(directory, 'bad', { description: 'x', rules: [], world })
      try {
        loadScenarioFile(file)
        return 'loaded'
      } catch (error) {
        return (error as Error).message.replaceAll(file, 'FILE')
      }
    }
    expect(load({ create: [{ table: 'debtTokens', state: 'late', overrides: { debtorAddress: '0x1' } }] })).toBe(
      [
        'FILE: world.create[0].overrides.debtorAddress: must be an ADDRESS (0x followed by 40 hexadecimal characters), got "0x1"',
        'FILE: world.create[0].state: must be one of awaiting, active, listed, overdue, settled, got "late"',
      ].join('\n'),
    )
    expect(load({ create: [{ table: 'users' }, { table: 'parcels' }] })).toBe(
      'FILE: world.create[1].table: must be one of users, securityTokens, debtTokens, signatureContracts, managerPayments, investorPayments',
    )
    expect(load({ create: [{ table: 'users', state: 'active', count: 1001 }] })).toBe(
      [
        'FILE: world.create[0].count: must be a whole number from 1 to 1000, got 1001',
        'FILE: world.create[0].state: unknown field (check the spelling against scenario.schema.json)',
      ].join('\n'),
    )
    expect(load({ create: [{ table: 'debtTokens', overrides: { status: 3 } }] })).toBe(
      'FILE: world.create[0].overrides.status: is derived: from the signatures, the parcels and the clock; ask for a state',
    )
    expect(load({})).toBe('FILE: world: give fixtures, size or create')
    expect(load({ fixtures: 'empty', create: [{ table: 'users' }] })).toBe('loaded')
  })
})

describe('activation', () => {
  it('creates the records in the simulator’s own world, as seeded records of the scenario’s world', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use(ARRANGED, 'arranged')
    const listed = await call(simulator, 'GET', `/manager/debt-tokens/${FUND}`)
    expect(listed.json).toHaveLength(2)
    expect(listed.json.every((token: { status: number }) => token.status === DebtTokenStatus.Overdue)).toBe(true)
    const counts = simulator.state().counts
    expect(counts.debtTokens).toBe(fixtures.debtTokens.length + 2)
    expect(counts.securityTokens).toBe(fixtures.securityTokens.length + 1)
    expect(counts.users).toBe(fixtures.users.length + 1) // the fund's manager
    // Part of the scenario's world: nothing counts against the capacity of written records.
    expect(simulator.model.writtenCount()).toBe(0)
    const fund = (await call(simulator, 'GET', `/securityToken?contractAddress=${FUND}`)).json[0]
    const payments = (await call(simulator, 'GET', `/manager/${fund.managerAddress}/${FUND}`)).json
    expect(payments).toEqual([expect.objectContaining({ status: 'PAID', id: fixtures.managerPayments.length + 1 })])
    // The API goes on from there: the next payment takes the next id.
    const created = await call(simulator, 'POST', '/manager', {
      body: { managerAddress: fund.managerAddress, tokenAddress: FUND },
    })
    expect(created.json.id).toBe(fixtures.managerPayments.length + 2)
    // Activated again (another session, or later), the same records.
    const other = createSimulator()
    other.sessions.get('s').scenarios.use(ARRANGED, 'arranged')
    expect(other.state({ session: 's', table: 'debtTokens', limit: 100 }).tables.debtTokens).toEqual(
      simulator.state({ table: 'debtTokens', limit: 100 }).tables.debtTokens,
    )
    simulator.scenarios.use(null)
    expect((await call(simulator, 'GET', `/manager/debt-tokens/${FUND}`)).json).toEqual([])
  })

  it('combines with an empty or a generated world', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use({
      description: 'one user in an empty world',
      rules: [],
      world: { fixtures: 'empty', create: [{ table: 'users', overrides: { email: 'qa@example.test' } }] },
    })
    const users = simulator.state({ table: 'users' }).tables.users as { email: string }[]
    expect(users.map((user) => user.email)).toEqual(['qa@example.test'])
    expect(simulator.state().counts.securityTokens).toBe(0)
    simulator.scenarios.use({
      description: 'loans in a generated world',
      rules: [],
      world: { size: 20, create: [{ table: 'debtTokens', count: 3, state: 'settled' }] },
    })
    expect(simulator.state().counts.debtTokens).toBe(23)
  })

  it('refuses a link the world lacks at activation, leaving the scenario and the data as they were', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use('slow-backend')
    const missing: ScenarioInput = {
      description: 'names a fund no world has',
      rules: [],
      world: {
        create: [{ table: 'users' }, { table: 'debtTokens', overrides: { securityTokenAddress: UNKNOWN_ADDRESS } }],
      },
    }
    expect(() => simulator.scenarios.use(missing, 'missing')).toThrow(
      `world.create[1].overrides.securityTokenAddress must name a security token of this world, got "${UNKNOWN_ADDRESS}"`,
    )
    expect(simulator.scenarios.active).toBe('slow-backend')
    expect(simulator.state().counts.users).toBe(fixtures.users.length)

    // By header and by the control API: a 400 in the documented shape, never a 500.
    const withFile = createSimulator({ scenarios: { missing } })
    const byHeader = await call(withFile, 'GET', '/securityToken', { headers: { 'x-sim-scenario': 'missing' } })
    expect(expectErrorShape(byHeader, 400)).toMatch(/^world\.create\[1\]\.overrides\.securityTokenAddress must name/)
  })

  it('refuses a generated world its instant leaves no room for with a 400, not a crash', async () => {
    const simulator = createSimulator({
      now: '9999-11-01T00:00:00Z',
      scenarios: { big: { description: 'x', rules: [], world: { size: 5 } } },
    })
    expect(() => simulator.scenarios.use('big')).toThrow(
      /^world\.size: a generated world of 5 debt tokens cannot be written at 9999-11-01/,
    )
    const reply = await call(simulator, 'GET', '/securityToken', { headers: { 'x-sim-scenario': 'big' } })
    expect(expectErrorShape(reply, 400)).toMatch(/^world\.size: /)
  })
})

describe('replay', () => {
  let running: StandaloneServer
  beforeAll(async () => {
    running = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => running.close())

  const replay = async (...argv: string[]) => {
    const out: string[] = []
    const code = await replayCommand(argv, { out: (text) => out.push(text), err: (text) => out.push(text) })
    return { code, out: out.join('\n') }
  }

  it('passes steps against the created records, in-process and in a session of a shared server', async () => {
    const file = writeScenario(temporaryDirectory('world-create-replay-'), 'arranged', ARRANGED)
    const inProcess = await replay(file)
    expect(inProcess.out).toContain('(3/3 steps passed)')
    expect(inProcess.code).toBe(0)
    const shared = await replay(file, '--url', running.url)
    expect(shared.out).toContain('(3/3 steps passed)')
    expect(shared.code).toBe(0)
    // The shared world never saw them.
    expect(running.simulator.state().counts.debtTokens).toBe(fixtures.debtTokens.length)
  })

  it('activates world.create through PUT /__sim/scenario, and answers a bad link with a 400', async () => {
    const put = (scenario: unknown) =>
      fetch(`${running.url}/__sim/scenario`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-sim-session': 'qa-world' },
        body: JSON.stringify({ scenario, name: 'arranged' }),
      }).then(async (response) => ({ status: response.status, json: (await response.json()) as any }))
    expect((await put(ARRANGED)).status).toBe(200)
    expect(running.simulator.state({ session: 'qa-world' }).counts.debtTokens).toBe(fixtures.debtTokens.length + 2)
    const bad = await put({
      ...ARRANGED,
      world: { create: [{ table: 'investorPayments', overrides: { tokenAddress: UNKNOWN_ADDRESS } }] },
    })
    expect(expectErrorShape(bad, 400)).toMatch(
      /^world\.create\[0\]\.overrides\.tokenAddress must name a security token/,
    )
    expect(running.simulator.sessions.get('qa-world').scenarios.active).toBe('arranged')
  })
})

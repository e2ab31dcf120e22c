/**
 * The simulator's public shape (decision 0022): a short top level and four groups. The member lists
 * are pinned twice, as types (`npm run typecheck` checks the `expectTypeOf` lines, so a member added
 * to an interface fails to compile here) and as the objects' own keys (so one added to the object
 * alone fails here too), for the in-process simulator and for Playwright's remote one, whose
 * scenario group is the in-process one's, awaited.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createSimulator, type Simulator } from '../../src/runtimes/msw/simulator.ts'
import type { RemoteSimulator } from '../../src/runtimes/playwright/index.ts'
import { createRemoteSimulator } from '../../src/runtimes/playwright/remote-simulator.ts'

const TOP_LEVEL = [
  'handlers',
  'model',
  'clock',
  'seed',
  'reset',
  'create',
  'createMany',
  'createRecords',
  'state',
  'stored',
  'close',
  'scenarios',
  'journal',
  'sessions',
  'host',
  'coverage',
] as const
const SCENARIOS = ['use', 'addRule', 'active', 'status', 'activeDefinition', 'names', 'definition'] as const
const JOURNAL = ['capacity', 'list', 'after', 'epoch', 'total', 'clear', 'onExchange', 'toHar'] as const
const SESSIONS = ['get', 'list', 'delete', 'limit', 'idleMs'] as const
const HOST = [
  'world',
  'forwardsTo',
  'persistenceWarnings',
  'handle',
  'execute',
  'prepareScenario',
  'replaceScenarios',
  'replaceWorld',
  'writable',
  'openapi',
  'countExchanges',
] as const
const REMOTE = [
  'url',
  'session',
  'scenarios',
  'clock',
  'journal',
  'state',
  'create',
  'createMany',
  'createRecords',
  'reset',
  'end',
] as const
const SESSION_CONTROLS = ['model', 'scenarios', 'create', 'createMany', 'createRecords', 'reset'] as const

const sorted = (keys: readonly string[]) => [...keys].sort()

describe('the simulator surface', () => {
  it('types each level with exactly its members', () => {
    expectTypeOf<keyof Simulator>().toEqualTypeOf<(typeof TOP_LEVEL)[number]>()
    expectTypeOf<keyof Simulator['scenarios']>().toEqualTypeOf<(typeof SCENARIOS)[number]>()
    expectTypeOf<keyof Simulator['journal']>().toEqualTypeOf<(typeof JOURNAL)[number]>()
    expectTypeOf<keyof Simulator['sessions']>().toEqualTypeOf<(typeof SESSIONS)[number]>()
    expectTypeOf<keyof Simulator['host']>().toEqualTypeOf<(typeof HOST)[number]>()
    expectTypeOf<keyof ReturnType<Simulator['sessions']['get']>>().toEqualTypeOf<(typeof SESSION_CONTROLS)[number]>()
    expectTypeOf<keyof RemoteSimulator>().toEqualTypeOf<(typeof REMOTE)[number]>()
    // What a test written for both Playwright modes calls has one name in each.
    expectTypeOf<keyof RemoteSimulator['scenarios']>().toEqualTypeOf<'use' | 'addRule' | 'status'>()
    expectTypeOf<Simulator['scenarios']['use']>().parameters.toEqualTypeOf<
      Parameters<RemoteSimulator['scenarios']['use']>
    >()
  })

  it('builds each level with exactly those members', () => {
    const simulator = createSimulator()
    expect(sorted(Object.keys(simulator))).toEqual(sorted(TOP_LEVEL))
    expect(sorted(Object.keys(simulator.scenarios))).toEqual(sorted(SCENARIOS))
    expect(sorted(Object.keys(simulator.journal))).toEqual(sorted(JOURNAL))
    expect(sorted(Object.keys(simulator.sessions))).toEqual(sorted(SESSIONS))
    expect(sorted(Object.keys(simulator.host))).toEqual(sorted(HOST))
    expect(sorted(Object.keys(simulator.sessions.get('a')))).toEqual(sorted(SESSION_CONTROLS))
    const remote = createRemoteSimulator({ url: 'http://127.0.0.1:9', session: 'surface' })
    expect(sorted(Object.keys(remote))).toEqual(sorted(REMOTE))
    expect(sorted(Object.keys(remote.scenarios))).toEqual(['addRule', 'status', 'use'])
  })

  it('reads the groups live: the active scenario, the names, the journal and the world follow the simulator', async () => {
    const simulator = createSimulator({ scenarios: { mine: { description: 'mine', rules: [] } } })
    const { scenarios, journal, host } = simulator
    expect(scenarios.active).toBeNull()
    scenarios.use('mine')
    expect(scenarios.active).toBe('mine')
    expect(scenarios.status()).toEqual({ name: 'mine', description: 'mine', rules: [] })
    expect(scenarios.names).toContain('mine')
    expect(scenarios.definition('mine')?.description).toBe('mine')
    const heard: string[] = []
    const unsubscribe = journal.onExchange((entry) => heard.push(entry.path))
    const request = { method: 'GET', path: '/securityToken', query: new URLSearchParams() }
    await host.handle({ ...request, header: () => null, text: async () => '' })
    unsubscribe()
    expect(heard).toEqual(['/securityToken'])
    expect(journal.total).toBe(1)
    const before = host.world
    host.replaceScenarios({})
    expect(scenarios.names).not.toContain('mine')
    host.replaceWorld({})
    expect(host.world).not.toBe(before)
    simulator.reset()
    expect(scenarios.active).toBeNull()
    expect(journal.total).toBe(0)
  })
})

/**
 * debt-token-simulator/storybook as Storybook drives it: the loader builds each story's world from
 * its `parameters.simulator`, the one msw handler answers from it (real fetch, msw's setupServer
 * standing in for the addon's worker), and no story sees another's records or writes, whatever the
 * order they load in. The built Storybook in Chromium is examples/storybook (.ci/storybook.sh).
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { strictListenOptions } from '../../src/runtimes/node.ts'
import { simulatorHandlers, simulatorLoader, withSimulatorArgs } from '../../src/runtimes/storybook/index.ts'
import type { SimulatorParameters } from '../../src/runtimes/storybook/story-parameters.ts'

const API = 'https://api.story.test'
const server = setupServer(...simulatorHandlers(API))
beforeAll(() => server.listen(strictListenOptions))
afterAll(() => server.close())

const headers = { authorization: 'Bearer storybook', 'content-type': 'application/json' }
const get = async (path: string) => (await fetch(`${API}${path}`, { headers })).json()
const load = (id: string, simulator?: SimulatorParameters | Record<string, unknown>) =>
  simulatorLoader({ id, parameters: simulator === undefined ? {} : { simulator } })

const overdueStory: SimulatorParameters = {
  world: async (s) => ({ token: await s.create.debtTokens({}, { state: 'overdue' }) }),
}

describe('the storybook loader', () => {
  it('gives each story the records its world function made, and answers them, in any order', async () => {
    const first = await load('list--overdue', overdueStory)
    const { token } = first.world as { token: { address: string; debtorAddress: string } }
    const listed = await get(`/debtToken/debtor/${token.debtorAddress}`)
    expect(listed.map((t: { address: string; status: number }) => [t.address, t.status])).toEqual([[token.address, 4]])

    await load('list--default')
    expect(await get(`/debtToken/debtor/${token.debtorAddress}`)).toEqual([])

    const again = await load('list--overdue', overdueStory)
    expect((again.world as { token: unknown }).token).toEqual(token) // same seed, same world: the same record
  })

  it("starts every story from a fresh world: one story's writes are gone for the next", async () => {
    await load('form--stored')
    const before = (await get('/securityToken')).length
    const fund = (await get('/securityToken'))[0]
    const created = await fetch(`${API}/manager`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ managerAddress: fund.managerAddress, tokenAddress: fund.contractAddress, amount: 10 }),
    })
    expect(created.status).toBe(200)
    const paid = await get(`/manager/${fund.managerAddress}/${fund.contractAddress}`)
    await load('form--stored')
    expect(await get(`/manager/${fund.managerAddress}/${fund.contractAddress}`)).toHaveLength(paid.length - 1)
    expect(await get('/securityToken')).toHaveLength(before)
  })

  it("applies the story's scenario, clock and seed, and drops them for the next story", async () => {
    const failing = await load('list--network-error', {
      seed: 7,
      now: '2026-06-01T12:00:00Z',
      scenario: { description: 'no answer', rules: [{ operation: 'listSecurityTokens', networkError: true }] },
    })
    expect(failing.simulator?.seed).toBe(7)
    expect(failing.simulator?.clock.now().toISOString()).toBe('2026-06-01T12:00:00.000Z')
    await expect(fetch(`${API}/securityToken`, { headers })).rejects.toThrow()
    const next = await load('list--default')
    expect(next.simulator?.scenarios.active).toBeNull()
    expect((await fetch(`${API}/securityToken`, { headers })).status).toBe(200)
  })

  it('builds worlds one after another when stories load together, each with its own records', async () => {
    const [a, b] = await Promise.all([load('docs--a', overdueStory), load('docs--b', { world: () => 'b' })])
    expect((a.world as { token: { status: number } }).token.status).toBe(4)
    expect(b.world).toBe('b')
    expect(
      await get(`/debtToken/debtor/${(a.world as { token: { debtorAddress: string } }).token.debtorAddress}`),
    ).toEqual([])
  })

  it('refuses a misspelt option, naming the story and the options', async () => {
    await expect(load('list--typo', { sede: 7 })).rejects.toThrow(
      'story "list--typo": parameters.simulator.sede is not an option (options: seed, now, size, scenario, world, scenarios, disable, coverage)',
    )
    await expect(load('list--size', { size: '500' })).rejects.toThrow(
      'parameters.simulator.size must be a whole number',
    )
    await expect(load('list--coverage', { coverage: 'coverage/api' })).rejects.toThrow(
      'parameters.simulator.coverage must be { dir: string }, got "coverage/api"',
    )
  })

  it('leaves a story with disable: true without a world of its own', async () => {
    expect(await load('list--off', { disable: true })).toEqual({})
  })
})

describe('withSimulatorArgs', () => {
  const render = (update?: { args?: Record<string, unknown> }) => update?.args
  it("fills the args a story leaves unset from its world's object, and keeps those it sets", () => {
    const loaded = { world: { securityTokenAddress: '0xabc', fund: 'made' } }
    expect(withSimulatorArgs(render, { args: { fund: 'given', label: 'x' }, loaded })).toEqual({
      fund: 'given',
      label: 'x',
      securityTokenAddress: '0xabc',
    })
    expect(withSimulatorArgs(render, { args: {}, loaded: { world: ['not', 'an', 'object'] } })).toBeUndefined()
  })
})

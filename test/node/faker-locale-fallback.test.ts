/**
 * Where faker's locale cannot be required (Jest's ES module runtime before Node 24.9 refuses to
 * require an ES module), the Node entries' synchronous loader fails: the factories then import the
 * locale instead, and `loadWorldGenerator()` readies the synchronous calls. Modules are fresh here,
 * so the failing loader is this file's alone.
 */
import { expect, it, vi } from 'vitest'
import { createSimulator as createNormalSimulator } from '../../src/runtimes/msw/simulator.ts'

async function simulatorWhereRequireFails() {
  vi.resetModules()
  const { createSimulator } = await import('../../src/runtimes/msw/simulator.ts') // hands over the require loader
  const { provideFakerLocale } = await import('../../src/model/seeded-faker.ts')
  const world = await import('../../src/model/world-generator.ts')
  provideFakerLocale({
    load: () => {
      throw new Error('Must use import to load ES Module: @faker-js/faker/dist/locale/pt_BR.js')
    },
  })
  return { simulator: createSimulator(), world }
}

it('makes users with the factories, drawn as where the locale is required', async () => {
  const { simulator } = await simulatorWhereRequireFails()
  const made = await simulator.createRecords({ table: 'users', count: 2 })
  const expected = await createNormalSimulator().createRecords({ table: 'users', count: 2 })
  expect(made.records).toEqual(expected.records)
})

it('generates a sized world synchronously once loadWorldGenerator() has resolved', async () => {
  const { world } = await simulatorWhereRequireFails()
  const options = { seed: 7, debtTokens: 5, now: new Date('2026-03-02T12:00:00Z') }
  await world.loadWorldGenerator()
  expect(world.generateWorld(options).users.length).toBeGreaterThan(0)
})

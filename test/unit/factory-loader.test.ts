/**
 * The factories' code loads on demand where no entry hands it over (a browser page, decision 0017):
 * a factory call loads it itself, and a scenario world that creates records, activated
 * synchronously, needs `loadFactories()` (the browser entry's `loadWorldGenerator()`) first; once
 * loaded, it creates the very records a Node entry's simulator creates.
 */
import { expect, it, vi } from 'vitest'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import type { ScenarioInput } from '../../src/scenarios/scenario-schema.ts'

const arranged: ScenarioInput = {
  description: 'two overdue debt tokens, made when activated',
  world: { create: [{ table: 'debtTokens', count: 2, state: 'overdue' }] },
}

it('a factory call loads the factories; a scenario world that creates records waits for loadFactories()', async () => {
  // Fresh module instances: nothing imported below hands the factories (or the generator) over.
  vi.resetModules()
  await import('../../src/runtimes/msw/msw-http-from-main.ts') // msw's http, as the browser entry hands it over
  const page = await import('../../src/runtimes/msw/create-simulator.ts')
  const loader = await import('../../src/factories/factory-loader.ts')
  const lazy = page.createSimulator()
  expect(() => lazy.scenarios.use(arranged)).toThrow(/await loadWorldGenerator\(\)/)
  expect(lazy.scenarios.active).toBeNull()

  const node = createSimulator()
  expect(await lazy.create.users({ email: 'ana@example.test' })).toEqual(
    await node.create.users({ email: 'ana@example.test' }),
  )

  await loader.loadFactories()
  lazy.scenarios.use(arranged)
  node.scenarios.use(arranged)
  expect(lazy.scenarios.active).not.toBeNull()
  const before = createSimulator().state({ table: 'debtTokens' }).counts.debtTokens
  expect(lazy.state({ table: 'debtTokens' }).counts.debtTokens).toBe(before + 2)
  expect(lazy.state({ table: 'debtTokens' })).toEqual(node.state({ table: 'debtTokens' }))
})

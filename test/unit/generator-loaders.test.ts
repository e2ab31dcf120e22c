/**
 * The loaders of the world generator and the factories (model/world-generator.ts,
 * factories/factory-loader.ts): an import that fails (a page whose chunk did not arrive) fails the
 * callers waiting for it, and the next call imports again; the imports run one after another, as
 * the module linkers of vm sandboxes need. Modules are fresh in each case.
 */
import { beforeEach, expect, it, vi } from 'vitest'

beforeEach(() => {
  vi.resetModules()
  vi.doUnmock('../../src/model/generate-world.ts')
  vi.doUnmock('../../src/factories/create-records.ts')
})

it('imports the generator again after a failed import', async () => {
  let arrives = false
  vi.doMock('../../src/model/generate-world.ts', async (importOriginal) => {
    if (!arrives) throw new Error('the chunk did not arrive')
    return importOriginal()
  })
  const world = await import('../../src/model/world-generator.ts')
  await expect(world.loadWorldGenerator()).rejects.toThrow()
  expect(world.worldGeneratorLoaded()).toBe(false)
  arrives = true
  await world.loadWorldGenerator()
  expect(world.worldGeneratorLoaded()).toBe(true)
})

it('imports the factories after the generator, not beside it, and again after a failure', async () => {
  const order: string[] = []
  let arrives = false
  vi.doMock('../../src/model/generate-world.ts', async (importOriginal) => {
    order.push('generator start')
    const module = await importOriginal()
    order.push('generator end')
    return module
  })
  vi.doMock('../../src/factories/create-records.ts', async (importOriginal) => {
    order.push('factories start')
    if (!arrives) throw new Error('the chunk did not arrive')
    return importOriginal()
  })
  const loader = await import('../../src/factories/factory-loader.ts')
  await expect(loader.loadFactories()).rejects.toThrow()
  expect(order).toEqual(['generator start', 'generator end', 'factories start'])
  arrives = true
  await loader.loadFactories()
  expect(typeof loader.factoryModule().createRecords).toBe('function')
})

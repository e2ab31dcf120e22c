/**
 * The write layer's import (decision 0024): @msw/data is imported once, by the first write, and an
 * import that fails (a page whose chunk could not be fetched) is tried again by the next write
 * rather than remembered. Each case takes a fresh copy of the module (its state is per process).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

type WriteLayer = typeof import('../../src/model/write-layer.ts')

/** How many times @msw/data was imported (evaluated afresh) in this case, and whether its chunk arrives. */
let imports = 0
let arrives = true

let writeLayer: WriteLayer
beforeEach(async () => {
  imports = 0
  arrives = true
  vi.resetModules()
  vi.doMock('@msw/data', async (importOriginal) => {
    imports += 1
    if (!arrives) throw new Error('chunk not fetched')
    return importOriginal()
  })
  writeLayer = await import('../../src/model/write-layer.ts')
})

describe('the write layer', () => {
  it('is not loaded before a write asks for it, then is loaded once for every caller', async () => {
    expect(writeLayer.loadedCollectionClass()).toBeUndefined()
    expect(imports).toBe(0)
    const [first, second] = await Promise.all([writeLayer.loadCollectionClass(), writeLayer.loadCollectionClass()])
    expect(first).toBe(second)
    expect(writeLayer.loadedCollectionClass()).toBe(first)
    expect(await writeLayer.loadCollectionClass()).toBe(first)
    expect(imports).toBe(1)
  })

  it('tries the import again after one that failed', async () => {
    arrives = false
    await expect(writeLayer.loadCollectionClass()).rejects.toThrow() // vitest wraps the factory's error
    expect(writeLayer.loadedCollectionClass()).toBeUndefined()
    arrives = true
    const Collection = await writeLayer.loadCollectionClass()
    expect(typeof Collection).toBe('function')
    expect(writeLayer.loadedCollectionClass()).toBe(Collection)
    expect(imports).toBe(2)
  })
})

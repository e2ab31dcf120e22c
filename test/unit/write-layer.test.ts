/**
 * The write layer's import (decision 0024): @msw/data is imported once, by the first write, and an
 * import that fails (a page whose chunk could not be fetched) is tried again by the next write
 * rather than remembered. Each case takes a fresh copy of the module (its state is per process).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

type WriteLayer = typeof import('../../src/model/write-layer.ts')

let writeLayer: WriteLayer
beforeEach(async () => {
  vi.resetModules()
  writeLayer = await import('../../src/model/write-layer.ts')
})

describe('the write layer', () => {
  it('is not loaded before a write asks for it, then is loaded once for every caller', async () => {
    expect(writeLayer.loadedCollectionClass()).toBeUndefined()
    const importModule = vi.fn(() => import('@msw/data'))
    const [first, second] = await Promise.all([
      writeLayer.loadCollectionClass(importModule),
      writeLayer.loadCollectionClass(importModule),
    ])
    expect(first).toBe(second)
    expect(writeLayer.loadedCollectionClass()).toBe(first)
    expect(importModule).toHaveBeenCalledTimes(1)
  })

  it('tries the import again after one that failed', async () => {
    const failing = () => Promise.reject(new Error('chunk not fetched'))
    await expect(writeLayer.loadCollectionClass(failing)).rejects.toThrow('chunk not fetched')
    expect(writeLayer.loadedCollectionClass()).toBeUndefined()
    const Collection = await writeLayer.loadCollectionClass(() => import('@msw/data'))
    expect(typeof Collection).toBe('function')
    expect(writeLayer.loadedCollectionClass()).toBe(Collection)
  })
})

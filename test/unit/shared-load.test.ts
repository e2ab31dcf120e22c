/**
 * The on-demand loads' sharing (model/shared-load.ts): callers while a load is in flight share it,
 * a load that failed is forgotten so the next call loads again, and one that succeeded is kept.
 */
import { expect, it, vi } from 'vitest'
import { sharedLoad } from '../../src/model/shared-load.ts'

it('shares a load in flight, keeps one that succeeded, and loads again after one that failed', async () => {
  let fail = true
  const load = vi.fn(async () => {
    if (fail) throw new Error('the chunk did not arrive')
    return 'module'
  })
  const shared = sharedLoad(load)
  const waiting = [shared(), shared()]
  await expect(Promise.all(waiting)).rejects.toThrow('the chunk did not arrive')
  expect(load).toHaveBeenCalledTimes(1)

  fail = false
  expect(await Promise.all([shared(), shared()])).toEqual(['module', 'module'])
  expect(await shared()).toBe('module')
  expect(load).toHaveBeenCalledTimes(2)
})

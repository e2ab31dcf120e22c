/**
 * Where the factories let the event loop turn between slices of work: Node's setImmediate, a
 * browser's MessageChannel, and in a sandbox with neither (Jest's jsdom environment) a timeout.
 */
import { afterEach, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A fresh work-slices module loaded with `globals` stubbed, and a slice that has run out. */
async function spentSlice(globals: Record<string, unknown>) {
  for (const [name, value] of Object.entries(globals)) vi.stubGlobal(name, value)
  vi.resetModules()
  const { WorkSlices } = await import('../../src/factories/work-slices.ts')
  const now = vi.spyOn(performance, 'now').mockReturnValue(0)
  const slices = new WorkSlices()
  now.mockReturnValue(1_000)
  return slices
}

it('turns the event loop with a timeout where there is neither setImmediate nor MessageChannel', async () => {
  const slices = await spentSlice({ setImmediate: undefined, MessageChannel: undefined })
  await expect(slices.pause()).resolves.toBeUndefined()
})

it('turns it with a MessageChannel message where there is no setImmediate', async () => {
  const slices = await spentSlice({ setImmediate: undefined })
  const posted = vi.spyOn(MessagePort.prototype, 'postMessage')
  await slices.pause()
  expect(posted).toHaveBeenCalledTimes(1)
})

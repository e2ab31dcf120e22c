/** The model's write lock: writes run one after another, a failed one does not hold up the next. */
import { describe, expect, it } from 'vitest'
import { createModel } from '../../src/model/model.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'

const model = () => createModel(createSimulator().host.world)

describe('model.exclusive', () => {
  it('starts a write at once when no other is running', () => {
    const started: string[] = []
    void model().exclusive(async () => started.push('first'))
    expect(started).toEqual(['first'])
  })

  it('runs a write only after every earlier one has finished, failed ones included', async () => {
    const lock = model()
    const events: string[] = []
    let release!: () => void
    const first = lock.exclusive(async () => {
      events.push('first starts')
      await new Promise<void>((resolve) => (release = resolve))
      events.push('first ends')
      throw new Error('first fails')
    })
    const second = lock.exclusive(async () => {
      events.push('second runs')
      return 2
    })
    const third = lock.exclusive(() => {
      events.push('third throws at once')
      throw new Error('third fails')
    })
    await Promise.resolve()
    expect(events).toEqual(['first starts'])
    release()
    await expect(first).rejects.toThrow('first fails')
    await expect(second).resolves.toBe(2)
    await expect(third).rejects.toThrow('third fails')
    expect(events).toEqual(['first starts', 'first ends', 'second runs', 'third throws at once'])
    // Idle again: the next write starts at once.
    const after: string[] = []
    await new Promise((resolve) => setTimeout(resolve, 0))
    void lock.exclusive(async () => after.push('now'))
    expect(after).toEqual(['now'])
  })

  it('turns a write that throws synchronously while idle into a rejection', async () => {
    await expect(
      model().exclusive(() => {
        throw new Error('sync')
      }),
    ).rejects.toThrow('sync')
  })
})

/**
 * Runs in the vm-threads and vm-forks projects only: their premise, that the sandbox's
 * structuredClone answers objects of another realm (as Jest's environments do), which the behaviour
 * suite beside it then survives; that the store copies records into the sandbox's own realm; and
 * that what takes a Date or a plain object from a caller takes the host realm's too.
 */
import { expect, it } from 'vitest'
import { plainCopy } from '../../src/model/plain-copy.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { withSimulatorArgs } from '../../src/runtimes/storybook/index.ts'

it("runs where structuredClone's copies are not of this realm (else the project tests nothing)", () => {
  expect(Object.getPrototypeOf(structuredClone({})) === Object.prototype).toBe(false)
  expect(Object.getPrototypeOf(structuredClone([])) === Array.prototype).toBe(false)
})

it("copies a record with this realm's Object and Array, deeply, leaving the original as it was", () => {
  const original = { id: 1, series: [{ name: 'SENIOR', vault: null }], tags: ['a'] }
  for (const part of [original, original.series, original.series[0], original.tags]) Object.freeze(part)
  const copy = plainCopy(original)
  expect(copy).toEqual(original)
  for (const value of [copy, copy.series[0]]) expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  for (const list of [copy.series, copy.tags]) expect(Object.getPrototypeOf(list)).toBe(Array.prototype)
  copy.series[0]!.name = 'MEZANINO'
  expect(original.series[0]!.name).toBe('SENIOR')
  expect(Object.isFrozen(copy.series[0])).toBe(false)
})

it("takes the host realm's Dates for the clock, as the sandbox's", () => {
  const hostDate = structuredClone(new Date('2027-05-01T00:00:00.000Z'))
  expect(hostDate instanceof Date).toBe(false)
  const simulator = createSimulator({ now: hostDate })
  expect(simulator.clock.now().toISOString()).toBe('2027-05-01T00:00:00.000Z')
  simulator.clock.set(structuredClone(new Date('2028-01-01T00:00:00.000Z')))
  expect(simulator.clock.now().toISOString()).toBe('2028-01-01T00:00:00.000Z')
})

it("fills a story's args from a world object of the host realm", () => {
  const made = structuredClone({ tokens: ['a'] })
  let args: Record<string, unknown> | undefined
  withSimulatorArgs((update) => void (args = update?.args), { args: {}, loaded: { world: made } })
  expect(args).toEqual({ tokens: ['a'] })
})

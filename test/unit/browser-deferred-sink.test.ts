/**
 * The part of browser persistence that runs before IndexedDB has answered (DeferredSink): writes
 * made then are held, handed over once the store is attached, and every later write goes to the
 * store; entries applied through it (stored ones, another tab's) change the world without coming
 * back to the store. The IndexedDB and tab side run in Chromium (test/browser/persistence.browser.test.ts).
 */

import { describe, expect, it } from 'vitest'
import { DeferredSink } from '../../src/persistence/browser/deferred-sink.ts'
import type { Change } from '../../src/persistence/change.ts'
import { keepWorldIn } from '../../src/persistence/persisted-world.ts'
import { createSimulator } from '../../src/runtimes/msw/create-simulator.ts'
import '../../src/runtimes/msw/msw-http-from-main.ts' // msw's http, as the browser entry hands it over
import { fixtures } from '../support/world.ts'

const token = fixtures.securityTokens[0]!

function simulatorWithRelay() {
  const relay = new DeferredSink()
  const simulator = createSimulator({ persistence: keepWorldIn(relay.persistence) })
  const stored: (readonly Change[])[] = []
  const store = {
    append: (changes: readonly Change[]) => void stored.push(changes),
    stored: () => Promise.resolve(),
  }
  return { relay, simulator, stored, store }
}

describe('DeferredSink', () => {
  it('holds the writes made before the store is attached, then passes every write to it', () => {
    const { relay, simulator, stored, store } = simulatorWithRelay()
    simulator.clock.set('2026-05-05T00:00:00.000Z')

    const early = relay.attach(store)
    expect(early).toEqual([[{ t: 'clock', clock: { mode: 'fixed', at: '2026-05-05T00:00:00.000Z' } }]])
    expect(stored).toEqual([])

    simulator.clock.advance(1000)
    expect(stored).toEqual([[{ t: 'clock', clock: { mode: 'fixed', at: '2026-05-05T00:00:01.000Z' } }]])
  })

  it('applies stored and shared entries to the live world without storing them again', () => {
    const { relay, simulator, stored, store } = simulatorWithRelay()
    relay.attach(store)
    const renamed = { ...simulator.model.securityTokens.get(token.contractAddress)!, symbol: 'APPLIED' }

    const warnings = relay.apply([
      { changes: [{ t: 'put', table: 'securityTokens', record: renamed }], origin: 'a test' },
      { changes: [{ t: 'clock', clock: { mode: 'fixed', at: '2026-06-06T00:00:00.000Z' } }], origin: 'a test' },
    ])

    expect(warnings).toEqual([])
    expect(simulator.model.securityTokens.get(token.contractAddress)?.symbol).toBe('APPLIED')
    expect(simulator.clock.now().toISOString()).toBe('2026-06-06T00:00:00.000Z')
    expect(stored).toEqual([])
  })

  it('names the world it runs and tells it from another', () => {
    const { relay } = simulatorWithRelay()
    expect(relay.isThisWorld(relay.identity)).toBe(true)
    expect(relay.isThisWorld({ ...relay.identity, seed: relay.identity.seed + 1 })).toBe(false)
    expect(relay.describe(relay.identity)).toMatch(/^seed \d+, fixtures fnv1a:[0-9a-f]{8}$/)
  })
})

/**
 * The world generator the standalone server loads on demand: a fresh module instance refuses to
 * generate until loaded, then generates what the generator itself does. In unit-isolated
 * (vitest.config.ts): it resets the module registry.
 */
import { describe, expect, it, vi } from 'vitest'
import { generateWorld } from '../../src/model/generate-world.ts'
import { DEFAULT_SEED } from '../../src/model/random.ts'
import '../support/faker-locale.ts'

describe('the world generator the standalone server loads on demand', () => {
  it('refuses to generate until loaded, then generates what the generator itself does', async () => {
    // A fresh module instance: nothing in this file imports simulator.ts, which provides the generator.
    vi.resetModules()
    const lazy = await import('../../src/model/world-generator.ts')
    const options = { seed: DEFAULT_SEED, debtTokens: 30, now: new Date('2026-03-02T12:00:00Z') }
    expect(lazy.worldGeneratorLoaded()).toBe(false)
    expect(() => lazy.generateWorld(options)).toThrow(/await loadWorldGenerator\(\)/)
    await lazy.loadWorldGenerator()
    expect(lazy.worldGeneratorLoaded()).toBe(true)
    expect(lazy.generateWorld(options)).toEqual(generateWorld(options))
  })
})

/**
 * The world generator loaded on demand: what the CLI bundle uses in place of world-generator.ts
 * (see there). `loadWorldGenerator()` imports it (once); until it has resolved, `generateWorld`
 * throws, so every path that may generate awaits `loadWorldGenerator()` first: the CLI before a
 * `--size` world or a start scenario, the scenario step before an `X-Sim-Scenario` request, the
 * control API before activating a scenario.
 */
import type { GenerateOptions } from './generate-world.ts'
import type { World } from './world.ts'

let generator: typeof import('./generate-world.ts') | undefined
let loading: Promise<void> | undefined

export function loadWorldGenerator(): Promise<void> {
  return (loading ??= import('./generate-world.ts').then((module) => {
    generator = module
  }))
}

export function worldGeneratorLoaded(): boolean {
  return generator !== undefined
}

export function generateWorld(options: GenerateOptions): World {
  if (generator === undefined) throw new Error('the world generator is not loaded yet: await loadWorldGenerator() before generating a world')
  return generator.generateWorld(options)
}

/**
 * How the simulator reaches the world generator and faker's locales, the largest modules it loads,
 * on demand (decision 0025): every path that may generate awaits `loadWorldGenerator()` first, or
 * a Node entry hands over a synchronous loader so `createSimulator({ size })` stays synchronous.
 */
import type * as Generator from './generate-world.ts'
import type { GenerateOptions } from './generate-world.ts'
import { fakerLocaleLoaded, provideFakerLocale } from './seeded-faker.ts'
import { sharedLoad } from './shared-load.ts'
import type { World } from './world.ts'

let generator: typeof Generator | undefined
let requireGenerator: (() => void) | undefined

/**
 * Hands over a synchronous loader, run the first time the generator is needed, so a process that
 * never generates never evaluates it. Where it loads another copy of the package (a vm sandbox) or
 * cannot run, nothing is provided, and `loadWorldGenerator()` is the way in.
 */
export function provideGeneratorLoader(load: () => void): void {
  requireGenerator = load
}

export function requireGeneratorNow(): void {
  const load = requireGenerator
  if (load === undefined) return
  requireGenerator = undefined
  try {
    load()
  } catch {
    // It cannot require an ES module here: loadWorldGenerator() imports the generator instead.
  }
}

export function provideWorldGenerator(module: typeof Generator): void {
  generator = module
}

/**
 * One import after the other: the module linkers of vm sandboxes (vitest's vm pools, Jest's ESM
 * mode) fail two imports in flight that share modules ("a module not been linked").
 */
const importOneAtATime = sharedLoad(async () => {
  if (generator === undefined) provideWorldGenerator(await import('./generate-world.ts'))
  if (!fakerLocaleLoaded()) provideFakerLocale({ locale: (await import('@faker-js/faker/locale/pt_BR')).faker })
})

/** Resolves once `generateWorld` can be called, importing the generator and faker's locale the first time. */
export function loadWorldGenerator(): Promise<void> {
  return worldGeneratorLoaded() ? Promise.resolve() : importOneAtATime()
}

/** Whether `generateWorld` can be called now (faker's locale is loaded here if a synchronous loader can). */
export function worldGeneratorLoaded(): boolean {
  if (generator === undefined) requireGeneratorNow()
  return generator !== undefined && fakerLocaleLoaded()
}

/** The generator module; throws while it is not loaded. */
export function worldGenerator(): typeof Generator {
  if (generator === undefined) requireGeneratorNow()
  if (generator === undefined)
    throw new Error(
      'the world generator is not loaded yet: a generated world (size) or a scenario world needs it; `await loadWorldGenerator()` (from debt-token-simulator/browser, or /node) first',
    )
  return generator
}

export function generateWorld(options: GenerateOptions): World {
  return worldGenerator().generateWorld(options)
}

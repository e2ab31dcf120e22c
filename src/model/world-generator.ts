/**
 * How the simulator reaches the world generator (`size` worlds, scenario worlds, and the people
 * the factories create), and with it faker's pt_BR and en locales: the largest modules it loads.
 * The standalone server and the CLI load it on demand, so a server on the default world answers
 * its first request without evaluating them; every path that may generate there awaits
 * `loadWorldGenerator()` first (the server before a `size` world, the CLI before a start scenario
 * or a replay, the scenario step before an `X-Sim-Scenario` request, the control API before
 * activating a scenario, a factory call before it draws). The Node entries hand over
 * synchronous loaders of it and of faker's locale (runtimes/msw/simulator.ts), run on the first
 * generated value, so `createSimulator({ size })` stays synchronous where Node can require an ES
 * module; where it cannot, `loadWorldGenerator` imports them. The browser and Node entries export
 * a `loadWorldGenerator` to await before a synchronous call that generates.
 */
import type * as Generator from './generate-world.ts'
import type { GenerateOptions } from './generate-world.ts'
import { fakerLocaleLoaded, provideFakerLocale } from './seeded-faker.ts'
import { sharedLoad } from './shared-load.ts'
import type { World } from './world.ts'

let generator: typeof Generator | undefined
let requireGenerator: (() => void) | undefined

/**
 * Hands over a synchronous loader (the Node ES build's: a `require` of the generator's entry), run
 * the first time the generator is needed and not provided yet, so a process that never generates
 * never evaluates it. It provides the generator (and the factories) by its own import; where it
 * loads another copy of the package (a require from inside a vm sandbox) or cannot run, nothing is
 * provided here, and `loadWorldGenerator()` is the way in.
 */
export function provideGeneratorLoader(load: () => void): void {
  requireGenerator = load
}

/** Runs the synchronous loader, if one is handed over and has not run yet. */
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

/** Makes `generateWorld` callable now with a generator module imported by the caller. */
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

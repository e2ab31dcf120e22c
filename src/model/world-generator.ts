/**
 * How the simulator reaches the world generator (`size` worlds, scenario worlds, and the people
 * the factories create), and with it faker's pt_BR and en locales: the largest modules it loads.
 * The standalone server and the CLI load it on demand, so a server on the default world answers
 * its first request without evaluating them; every path that may generate there awaits
 * `loadWorldGenerator()` first (the server before a `size` world, the CLI before a start scenario
 * or a replay, the scenario step before an `X-Sim-Scenario` request, the control API before
 * activating a scenario, a factory call before it draws). The Node entries hand it over at
 * import, with a synchronous loader of faker's locale (runtimes/msw/simulator.ts), so
 * `createSimulator({ size })` stays synchronous where Node can require an ES module (not in Jest's
 * ES module runtime before Node 24.9: there `loadWorldGenerator` imports the locale); the browser
 * and Node entries export `loadWorldGenerator` to await before a synchronous call that generates.
 */
import type * as Generator from './generate-world.ts'
import type { GenerateOptions } from './generate-world.ts'
import { fakerLocaleLoaded, provideFakerLocale } from './seeded-faker.ts'
import type { World } from './world.ts'

let generator: typeof Generator | undefined
let loading: Promise<void> | undefined

/** Makes `generateWorld` callable now with a generator module imported by the caller. */
export function provideWorldGenerator(module: typeof Generator): void {
  generator = module
}

/** Resolves once `generateWorld` can be called, importing the generator and faker's locale the first time. */
export function loadWorldGenerator(): Promise<void> {
  if (worldGeneratorLoaded()) return Promise.resolve()
  return (loading ??= Promise.all([
    generator ?? import('./generate-world.ts'),
    fakerLocaleLoaded() ? undefined : import('@faker-js/faker/locale/pt_BR'),
  ]).then(([module, locale]) => {
    provideWorldGenerator(module)
    if (locale !== undefined) provideFakerLocale({ locale: locale.faker })
  }))
}

/** Whether `generateWorld` can be called now (faker's locale is loaded here if a synchronous loader can). */
export function worldGeneratorLoaded(): boolean {
  return generator !== undefined && fakerLocaleLoaded()
}

/** The generator module; throws while it is not loaded. */
export function worldGenerator(): typeof Generator {
  if (generator === undefined)
    throw new Error(
      'the world generator is not loaded yet: a generated world (size) or a scenario world needs it; in a browser, `await loadWorldGenerator()` (from debt-token-simulator/browser) first',
    )
  return generator
}

export function generateWorld(options: GenerateOptions): World {
  return worldGenerator().generateWorld(options)
}

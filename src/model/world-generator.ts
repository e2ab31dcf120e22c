/**
 * How the simulator reaches the world generator (`size` worlds and scenario worlds), and with it
 * faker's pt_BR and en locales: the largest modules it loads. Here the generator is imported with
 * everything else, so `createSimulator({ size })` stays synchronous in every runtime.
 *
 * The CLI bundle (scripts/build.mjs) swaps this module for world-generator-lazy.ts, which loads
 * the generator only when asked, so that `npm start` on the default world does not load faker's
 * locales before its first answer. Both modules export the same three functions.
 */
export { generateWorld } from './generate-world.ts'

/** Resolves once `generateWorld` can be called (here: at once). */
export function loadWorldGenerator(): Promise<void> {
  return Promise.resolve()
}

/** Whether `generateWorld` can be called now. */
export function worldGeneratorLoaded(): boolean {
  return true
}

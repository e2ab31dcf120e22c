/**
 * node-generator.ts for the ES build (tsdown.config.ts puts this module in its place): the world
 * generator and the factories are required (dist/generator.js; Node ≥ 22.12 requires an ES module
 * synchronously) the first time a value is generated or a record created, so a test file that never
 * generates never evaluates them, and `createSimulator({ size })` stays synchronous.
 *
 * Inside a vm sandbox (vitest's vm pools, Jest's ES module runtime) a require would load another
 * copy of the package, in Node's own context, and an import at the entry's evaluation fails under
 * Jest: there nothing is handed over, and a synchronous call that generates says to await
 * `loadWorldGenerator()` first, as the browser entry does.
 */
import { provideGeneratorLoader } from '../../model/world-generator.ts'

/** Whether this module runs in Node's own context, where a require shares its module instances. */
function inNodeContext(): boolean {
  return process.getBuiltinModule('node:vm').runInThisContext('globalThis') === globalThis
}

if (inNodeContext()) {
  // Not named `require`, which a bundler would resolve at build time (see node-faker.ts).
  const loadFromHere = process.getBuiltinModule('node:module').createRequire(import.meta.url)
  provideGeneratorLoader(() => loadFromHere('./generator.js'))
}

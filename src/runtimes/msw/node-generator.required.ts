/**
 * node-generator.ts for the ES build: the world generator and the factories are required on first use
 * (decision 0025). Inside a vm sandbox a require would load another copy of the package: nothing is
 * handed over there, and a synchronous call that generates says to await `loadWorldGenerator()` first.
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

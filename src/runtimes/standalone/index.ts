/**
 * `debt-token-simulator/standalone`: the standalone server for embedding (a test suite's or
 * Playwright's globalSetup). Like the in-process entries it hands over the world generator at
 * import, so `server.simulator.useScenario('rich-world')` and `createSimulatorCore({ size })` stay
 * synchronous; the command imports server.ts directly and loads the generator on demand.
 */
import * as generator from '../../model/generate-world.ts'
import { provideWorldGenerator } from '../../model/world-generator.ts'

provideWorldGenerator(generator)

export type { ProxyOptions } from '../../proxy/proxy-options.ts'
export * from './server.ts'

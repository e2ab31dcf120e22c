/**
 * `debt-token-simulator/standalone`: the standalone server for embedding (a test suite's or
 * Playwright's globalSetup). Like the in-process entries it hands over the world generator at
 * import, so `server.simulator.scenarios.use('rich-world')` and `createSimulatorCore({ size })` stay
 * synchronous; the command imports server.ts directly and loads the generator on demand.
 */
import * as factories from '../../factories/create-records.ts'
import { provideFactories } from '../../factories/factory-loader.ts'
import * as generator from '../../model/generate-world.ts'
import { provideFakerLocale } from '../../model/seeded-faker.ts'
import { provideWorldGenerator } from '../../model/world-generator.ts'
import { fakerLocaleSource } from '../msw/node-faker.ts'

provideWorldGenerator(generator)
provideFactories(factories)
provideFakerLocale(fakerLocaleSource)

export type { ProxyOptions } from '../../proxy/proxy-options.ts'
export { type EnsuredServer, ensureStandaloneServer } from './ensure-server.ts'
export { FileTargetError } from './files-at-close.ts'
export * from './server.ts'

/**
 * `debt-token-simulator/standalone`: the server for embedding. It hands over the world generator at import,
 * so generated worlds stay synchronous; the command imports server.ts and loads the generator on demand.
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

export { FileTargetError } from '../../files/atomic-file.ts'
export type { ProxyOptions } from '../../wings/server.ts'
export { type EnsuredServer, ensureStandaloneServer } from './ensure-server.ts'
export * from './server.ts'

/**
 * `createSimulator()` with the world generator handed over at import, and faker's pt_BR locale (25
 * ms of CPU to import in Node) as a synchronous loader called on the first generated value, so that
 * createSimulator({ size }), scenario worlds and the users factory stay synchronous while a test
 * file that never generates never loads faker (see model/world-generator.ts, node-faker.ts). The
 * browser entry uses create-simulator.ts and loads both on demand.
 */
import * as factories from '../../factories/create-records.ts'
import { provideFactories } from '../../factories/factory-loader.ts'
import * as generator from '../../model/generate-world.ts'
import { provideFakerLocale } from '../../model/seeded-faker.ts'
import { provideWorldGenerator } from '../../model/world-generator.ts'
import { fakerLocaleSource } from './node-faker.ts'

provideWorldGenerator(generator)
provideFactories(factories)
provideFakerLocale(fakerLocaleSource)

export * from './create-simulator.ts'

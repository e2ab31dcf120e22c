/**
 * `createSimulator()` with the world generator handed over at import: in a test process the
 * generator (faker's pt_BR and en locales, about 20 ms to import in Node) loads with everything
 * else, so that createSimulator({ size }), scenario worlds and the users factory stay synchronous
 * (see model/world-generator.ts). The browser entry uses create-simulator.ts and loads it on demand.
 */
import * as generator from '../../model/generate-world.ts'
import { provideFakerLocale } from '../../model/seeded-faker.ts'
import { provideWorldGenerator } from '../../model/world-generator.ts'
import { fakerLocaleSource } from './node-faker.ts'

provideWorldGenerator(generator)
provideFakerLocale(fakerLocaleSource)

export * from './create-simulator.ts'

/**
 * `createSimulator()` for the Node entries: the world generator, the factories and faker's locale as
 * synchronous loaders run on first use (decision 0025), and msw's `http` from node-msw-http.ts (0026).
 */
import { provideFakerLocale } from '../../model/seeded-faker.ts'
import './node-generator.ts'
import './node-msw-http.ts'
import { fakerLocaleSource } from './node-faker.ts'

provideFakerLocale(fakerLocaleSource)

export * from './create-simulator.ts'

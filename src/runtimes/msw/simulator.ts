/**
 * `createSimulator()` for the Node entries: the world generator and the factories handed over
 * (node-generator.ts: on the first generated value in the ES build), and faker's pt_BR locale, the
 * largest module it draws with, as a synchronous loader called then too, so that createSimulator({
 * size }), scenario worlds and the users factory stay synchronous while a test file that never
 * generates loads none of them (see model/world-generator.ts, node-faker.ts). The browser entry uses
 * create-simulator.ts and loads them on demand. msw's `http` comes from node-msw-http.ts (msw-http.ts
 * says why).
 */
import { provideFakerLocale } from '../../model/seeded-faker.ts'
import './node-generator.ts'
import './node-msw-http.ts'
import { fakerLocaleSource } from './node-faker.ts'

provideFakerLocale(fakerLocaleSource)

export * from './create-simulator.ts'

/**
 * For tests that call the world generator's modules directly, without a runtime: faker's pt_BR
 * locale handed over as the Node entries hand it over (required on first use).
 */
import { provideFakerLocale } from '../../src/model/seeded-faker.ts'
import { fakerLocaleSource } from '../../src/runtimes/msw/node-faker.ts'

provideFakerLocale(fakerLocaleSource)

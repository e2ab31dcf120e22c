/** node-faker.ts for the CommonJS build: faker's locale bundled, as Jest's require cannot load faker's ES module. */
import { faker } from '@faker-js/faker/locale/pt_BR'

export const fakerLocaleSource = { locale: faker }

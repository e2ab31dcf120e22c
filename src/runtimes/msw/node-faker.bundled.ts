/**
 * node-faker.ts for the CommonJS build (tsdown.config.ts puts this module in its place): faker's
 * pt_BR locale bundled and imported with the entry, as Jest's CommonJS runtime cannot require the
 * ES module faker ships.
 */
import { faker } from '@faker-js/faker/locale/pt_BR'

export const fakerLocaleSource = { locale: faker }

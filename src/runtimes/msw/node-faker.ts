/**
 * How the Node entries load faker's pt_BR locale: synchronously, on the first generated value,
 * with `require` (Node ≥ 22.12 requires an ES module synchronously), so that `createSimulator({
 * size })` and scenario worlds stay synchronous while a process that never generates (most test
 * files) never evaluates the locale. The CommonJS build replaces this module with
 * node-faker.bundled.ts (tsdown.config.ts): there faker is bundled, for Jest's CommonJS runtime,
 * which cannot require an ES module.
 */
import type { FakerLocale } from '../../model/seeded-faker.ts'

/**
 * Not named `require`: a bundler would take a call of that name for one to resolve at build time.
 * node:module is reached through process.getBuiltinModule (Node ≥ 20.16), not imported: the library
 * build would hoist an import of it into the chunk every entry shares, the browser's too.
 */
const loadFromHere = process.getBuiltinModule('node:module').createRequire(import.meta.url)

export const fakerLocaleSource = {
  load: (): FakerLocale => (loadFromHere('@faker-js/faker/locale/pt_BR') as { faker: FakerLocale }).faker,
}

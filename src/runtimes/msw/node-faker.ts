/**
 * How the Node entries load faker's locale: with `require` on the first generated value, so generated
 * worlds stay synchronous and a process that never generates never evaluates it (decision 0025).
 */
import type { FakerLocale } from '../../model/seeded-faker.ts'

/**
 * Not named `require`: a bundler would resolve a call of that name at build time. node:module is not
 * imported: the build would hoist the import into the chunk every entry shares, the browser's too.
 */
const loadFromHere = process.getBuiltinModule('node:module').createRequire(import.meta.url)

export const fakerLocaleSource = {
  load: (): FakerLocale => (loadFromHere('@faker-js/faker/locale/pt_BR') as { faker: FakerLocale }).faker,
}

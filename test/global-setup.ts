/** Builds dist/ once before the tests, so those that run `npm start`'s bundle run today's sources. */
// @ts-expect-error: a plain ESM script without type declarations
import { buildCli } from '../scripts/build.mjs'

export default async function setup(): Promise<void> {
  await (buildCli as () => Promise<void>)()
}

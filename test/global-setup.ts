/** Builds dist/ once before the tests, so those that run the package's command or entries run today's sources. */
import { build } from 'tsdown'

export default async function setup(): Promise<void> {
  await build({ logLevel: 'warn' })
}

/**
 * The behaviour suite against the package as installed, for any test runner: bundled by
 * scripts/bundle-conformance.mjs with `debt-token-simulator` and `msw` left as imports, so they
 * resolve to the project's installed tarball. A runner's test file calls `conformance(runner)`
 * (.ci/consumer.sh: Jest CommonJS, ESM and jsdom, vitest in each pool, node:test).
 */
import { setupSimulatorServer, strictListenOptions } from 'debt-token-simulator/node'
import { type Exchange, sender, simulatorControls } from '../support/wire-target.ts'
import { runConformance } from './run-conformance.ts'
import { type Runner, useRunner } from './runner-shim.ts'

export function conformance(runner: Runner): void {
  useRunner(runner)
  runConformance(async () => {
    // The README's setup, as a user's suite has it.
    const { simulator, server } = setupSimulatorServer()
    server.listen(strictListenOptions)
    const baseUrl = 'http://api.simulator.test'
    const exchanges: Exchange[] = []
    return {
      name: 'package, in-process',
      baseUrl,
      exchanges,
      send: sender(baseUrl, exchanges),
      close: async () => server.close(),
      ...simulatorControls(simulator),
    }
  })
}

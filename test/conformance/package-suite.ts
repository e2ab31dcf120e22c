/**
 * The behaviour suite against the package as installed, for any test runner: bundled by
 * scripts/bundle-conformance.mjs with `debt-token-simulator` and `msw` left as imports, so they
 * resolve to the project's installed tarball. A runner's test file calls `conformance(runner)`
 * (.ci/consumer.sh: Jest CommonJS, ESM and jsdom, vitest in each pool, node:test).
 */
import {
  createSimulator,
  loadWorldGenerator,
  setupSimulatorServer,
  strictListenOptions,
} from 'debt-token-simulator/node'
import { type Exchange, sender, simulatorControls } from '../support/wire-target.ts'
import { runConformance } from './run-conformance.ts'
import { describe, expect, it, type Runner, useRunner } from './runner-shim.ts'

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
  // The generator loads on a first generated value, with a require that only Node's own context can
  // use: inside a vm sandbox (vitest's vm pools, Jest's ESM mode) `loadWorldGenerator()` readies it.
  describe('the Node entry', () => {
    const sized = () => createSimulator({ size: 3, seed: 11 }).state().counts
    const counts = { debtTokens: 3, securityTokens: 3 }
    const inNodeContext = process.getBuiltinModule('node:vm').runInThisContext('globalThis') === globalThis
    it('generates a sized world synchronously in Node, or after loadWorldGenerator() in a sandbox', async () => {
      if (inNodeContext) expect(sized()).toMatchObject(counts)
      else {
        try {
          expect(sized()).toMatchObject(counts) // an earlier case's factory call may have loaded it
        } catch (error) {
          expect(String(error)).toMatch(/await loadWorldGenerator\(\)/)
        }
      }
      await loadWorldGenerator()
      expect(sized()).toMatchObject(counts)
    })
  })
}

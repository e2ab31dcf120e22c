/**
 * The test projects, so the inner loop stays fast. `npm test` runs them all; `npm run test:unit`
 * runs the first:
 *
 * - `unit`: in-process only, from the sources: no sockets, no child processes, no browser (its
 *   setup file makes a listen or a spawn fail the test, naming the project it belongs
 *   in), property tests at a few runs (the full count in CI: test/support/property-runs.ts).
 * - `loopback`: real HTTP on 127.0.0.1 against servers started in the test process.
 * - `fuzz`: generated requests in-process and against the standalone server, over loopback.
 * - `process`: tests that run the built command (dist/cli) or `npm start` in child processes.
 * - `browser`: headless Chromium on the built dist/.
 * - `vm-threads`, `vm-forks`: the in-process behaviour suite in vitest's vm pools, whose sandbox
 *   (like Jest's) gives host-realm objects from globals such as structuredClone.
 *
 * `process` and `browser` build dist/ first, in their global setup.
 */
import { defineConfig } from 'vitest/config'

const PROCESS_TESTS = ['test/**/*.process.test.ts', 'test/scenarios/startup.test.ts']
const BROWSER_TESTS = [
  'test/browser/**/*.test.ts',
  'test/dashboard/e2e/**/*.test.ts',
  'test/hostile/**/*.browser.test.ts',
]
const FUZZ_TESTS = ['test/fuzz/**/*.test.ts']
/** Tests that open sockets (servers on 127.0.0.1, or in-process and standalone targets side by side). */
const LOOPBACK_TESTS = [
  'test/standalone/**/*.test.ts',
  'test/hostile/**/*.test.ts',
  'test/playwright/**/*.test.ts',
  'test/dashboard/{control-routes,event-stream,files,open-browser}.test.ts',
  'test/node/strict-listen-options.test.ts',
  'test/scenarios/{activation,control-routes,record,record-replay-anywhere,replay-service,replay-shared-server,replay-shipped,rule-outcomes,watch,world-create}.test.ts',
]
/** Run again in vitest's vm pools (their own projects), where a sandbox's realm differs from the host's. */
const VM_POOL_TESTS = ['test/node/conformance.node.test.ts', 'test/node/realm.vm.test.ts']
const NOT_UNIT = ['test/**/*.vm.test.ts', ...PROCESS_TESTS, ...BROWSER_TESTS, ...FUZZ_TESTS, ...LOOPBACK_TESTS]
// test/consumer runs in a packed-tarball project of its own (.ci/consumer.sh), not from the sources.
const EXCLUDED = ['**/node_modules/**', 'test/consumer/**']

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...NOT_UNIT, ...EXCLUDED],
          setupFiles: ['test/support/in-process-only.ts', 'test/support/frozen-default-world.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'loopback',
          include: LOOPBACK_TESTS,
          exclude: [...PROCESS_TESTS, ...BROWSER_TESTS, ...EXCLUDED],
          setupFiles: ['test/support/frozen-default-world.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'fuzz', include: FUZZ_TESTS, setupFiles: ['test/support/frozen-default-world.ts'] },
      },
      ...(['vmThreads', 'vmForks'] as const).map((pool) => ({
        extends: true as const,
        test: {
          name: pool === 'vmThreads' ? 'vm-threads' : 'vm-forks',
          pool,
          include: VM_POOL_TESTS,
          setupFiles: ['test/support/in-process-only.ts', 'test/support/frozen-default-world.ts'],
        },
      })),
      { extends: true, test: { name: 'process', include: PROCESS_TESTS, globalSetup: ['test/global-setup.ts'] } },
      { extends: true, test: { name: 'browser', include: BROWSER_TESTS, globalSetup: ['test/global-setup.ts'] } },
    ],
  },
})

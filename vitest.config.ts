/**
 * The test projects, so the inner loop stays fast. `npm test` runs them all; `npm run test:unit`
 * runs the first two:
 *
 * - `unit`: in-process only, from the sources: no sockets, no child processes, no browser (its
 *   setup file makes a listen or a spawn fail the test, naming the project it belongs
 *   in), property tests at a few runs (the full count in CI: test/support/property-runs.ts). Its
 *   files share one module graph per worker (`isolate: false`): the sources are imported once.
 * - `unit-isolated`: the unit files that test what a module loads, or mock or reset modules, each
 *   in a fresh module graph.
 * - `types`: what the compiler says of the public types (a whole TypeScript program), next to the
 *   type check rather than in the inner loop.
 * - `loopback`: real HTTP on 127.0.0.1 against servers started in the test process (those that
 *   mock or reset modules in `loopback-isolated`).
 * - `fuzz`: generated requests in-process and against the standalone server, over loopback.
 * - `process`: tests that run the built command (dist/cli) or `npm start` in child processes.
 * - `browser`: headless Chromium on the built dist/ (but the Playwright example's own run, which
 *   `npm run test:examples` runs).
 * - `vm-threads`, `vm-forks`: the in-process behaviour suite in vitest's vm pools, whose sandbox
 *   (like Jest's) gives host-realm objects from globals such as structuredClone.
 *
 * `process` and `browser` build dist/ first, in their global setup. Every project but the
 * `*-isolated` ones, `types` and the vm pools shares a module graph per worker (`isolate: false`).
 */
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { FULL_COUNTS } from './test/support/property-runs.ts'

/**
 * vitest's default is a worker less than the cores, one on a 2-core machine, where its own process
 * is mostly idle while the workers run: a worker per core.
 */
const WORKERS = Math.max(2, availableParallelism())

const PROCESS_TESTS = ['test/**/*.process.test.ts', 'test/scenarios/startup.test.ts']
const ALL_BROWSER_TESTS = [
  'test/browser/**/*.test.ts',
  'test/dashboard/e2e/**/*.test.ts',
  'test/hostile/**/*.browser.test.ts',
]
/**
 * `SIM_TEST_BROWSER=smoke` (the further Node and msw legs, .ci/node-leg.sh): of the browser
 * project, only what those versions can change: msw's worker in Chromium, byte for byte against
 * the in-process runtime. The whole project runs once, on the lockfile's Node and msw.
 */
const BROWSER_SMOKE = ['test/browser/browser-runtime.browser.test.ts']
/**
 * The examples/playwright suite run as its users run it (its own Playwright, two workers): like the
 * Storybook and Next.js examples, CI's example step runs it (`npm run test:examples`, which sets
 * `SIM_TEST_BROWSER=examples`; .ci/examples.sh), not `npm test`, whose browser project proves the
 * Playwright entry in files of its own.
 */
const EXAMPLE_TESTS = ['test/browser/playwright-example.browser.test.ts']
const BROWSER_TESTS =
  process.env.SIM_TEST_BROWSER === 'smoke'
    ? BROWSER_SMOKE
    : process.env.SIM_TEST_BROWSER === 'examples'
      ? EXAMPLE_TESTS
      : ALL_BROWSER_TESTS
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
/** Loopback files that mock or reset modules: a module graph of their own each. */
export const ISOLATED_LOOPBACK_TESTS = ['test/standalone/{routed-once,standalone-entry,ensure-server}.test.ts']
/** Run again in vitest's vm pools (their own projects), where a sandbox's realm differs from the host's. */
const VM_POOL_TESTS = ['test/node/conformance.node.test.ts', 'test/node/realm.vm.test.ts']
/** Unit files that assert what a module loads, or mock, stub or reset modules: a module graph of their own each. */
export const ISOLATED_UNIT_TESTS = [
  'test/unit/{routed-once,coverage-browser-option,work-slices,world-generator-on-demand,factory-loader}.test.ts',
  'test/unit/{generator-loaders,write-layer,coverage-recorder-lazy}.test.ts',
  'test/scenarios/har-import-faults.test.ts',
  'test/node/faker-locale-fallback.test.ts',
]
const TYPE_TESTS = ['test/types/**/*.test.ts']
const NOT_UNIT = [
  'test/**/*.vm.test.ts',
  ...PROCESS_TESTS,
  ...ALL_BROWSER_TESTS,
  ...FUZZ_TESTS,
  ...LOOPBACK_TESTS,
  ...TYPE_TESTS,
]
// test/consumer runs in a packed-tarball project of its own (.ci/consumer.sh), not from the sources.
const EXCLUDED = ['**/node_modules/**', 'test/consumer/**']

export default defineConfig({
  test: {
    pool: 'forks',
    experimental: { fsModuleCache: true },
    maxWorkers: WORKERS,
    // A timeout catches a hang, it does not bound how long a test may take: at their full counts
    // (CI) the property tests make ten times the runs, on a runner that may be busy.
    testTimeout: FULL_COUNTS ? 120_000 : 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...NOT_UNIT, ...ISOLATED_UNIT_TESTS, ...EXCLUDED],
          isolate: false,
          setupFiles: ['test/support/in-process-only.ts', 'test/support/frozen-default-world.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: ISOLATED_UNIT_TESTS,
          // A fresh context per file in a reused worker thread: no process to start for each file.
          pool: 'vmThreads',
          setupFiles: ['test/support/in-process-only.ts', 'test/support/frozen-default-world.ts'],
        },
      },
      { extends: true, test: { name: 'types', include: TYPE_TESTS } },
      {
        extends: true,
        test: {
          name: 'loopback',
          include: LOOPBACK_TESTS,
          exclude: [...PROCESS_TESTS, ...ALL_BROWSER_TESTS, ...ISOLATED_LOOPBACK_TESTS, ...EXCLUDED],
          isolate: false,
          setupFiles: ['test/support/frozen-default-world.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'loopback-isolated',
          include: ISOLATED_LOOPBACK_TESTS,
          setupFiles: ['test/support/frozen-default-world.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'fuzz',
          include: FUZZ_TESTS,
          isolate: false,
          setupFiles: ['test/support/frozen-default-world.ts'],
        },
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
      {
        extends: true,
        test: { name: 'process', include: PROCESS_TESTS, isolate: false, globalSetup: ['test/global-setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER_TESTS,
          exclude: process.env.SIM_TEST_BROWSER === 'examples' ? [] : EXAMPLE_TESTS,
          isolate: false,
          globalSetup: ['test/global-setup.ts', 'test/browser/support/chromium-server.global.ts'],
        },
      },
    ],
  },
})

/**
 * Three projects, so the inner loop stays fast: `unit` (everything in-process or over loopback from
 * the sources; builds nothing), `process` (tests that run the built command, dist/cli) and
 * `browser` (headless Chromium on the built dist/browser.js). The last two build dist/ first, in
 * their global setup. `npm test` runs all three; `npx vitest --project unit` runs the fast one.
 */
import { defineConfig } from 'vitest/config'

const PROCESS_TESTS = ['test/**/*.process.test.ts']
const BROWSER_TESTS = [
  'test/browser/**/*.test.ts',
  'test/dashboard/e2e/**/*.test.ts',
  'test/hostile/**/*.browser.test.ts',
]

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
          exclude: [...PROCESS_TESTS, ...BROWSER_TESTS, '**/node_modules/**'],
        },
      },
      { extends: true, test: { name: 'process', include: PROCESS_TESTS, globalSetup: ['test/global-setup.ts'] } },
      { extends: true, test: { name: 'browser', include: BROWSER_TESTS, globalSetup: ['test/global-setup.ts'] } },
    ],
  },
})

/**
 * The example Playwright suite (examples/playwright/) in real headless Chromium, both projects:
 * in-process (each test's own simulator through @msw/playwright) and shared-server (one standalone
 * server, a session per test), two workers, every test in parallel, with Playwright's default
 * timeouts (30 s a test, 5 s an `expect`). It imports the package by name, so it runs on the built
 * dist/ (the browser project's global setup builds it), and its sources are first type-checked
 * against the built declarations, as a user's would be. `npm run test:examples` runs it (CI's example
 * step, .ci/examples.sh, and `npm run test:busy`), not `npm test` (vitest.config.ts).
 *
 * On a loaded machine or a small CI runner: with SIM_TEST_BUSY_CORE set (`npm run test:busy`, through
 * scripts/with-busy-core.mjs, sets it for the whole suite), another process also keeps one core
 * busy for the length of the run, and the test says how much CPU it took, the proof the load was
 * there. The default run leaves that to `test:busy`: a core spun here for a minute slows every
 * other file of the suite running beside it.
 *
 * The run is bounded by Playwright's own `--global-timeout`, so a hung run still writes its
 * report: a failure names each test that failed, how long it ran and the step it was in.
 *
 * Under msw 3 only the shared-server project runs: @msw/playwright supports msw 2 only, and
 * test/playwright/fixture-parts.test.ts checks the error in-process mode then gives.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { startBusyCore } from './support/busy-core.ts'
import { CHROMIUM_PATH, chromiumAvailability } from './support/chromium.ts'
import { describeError, describeFailure, type JsonReport, outcomes } from './support/playwright-report.ts'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const root = fileURLToPath(new URL('../../', import.meta.url))
const mswMajor = Number.parseInt((require('msw/package.json') as { version: string }).version, 10)
const projects = mswMajor >= 3 ? ['shared-server'] : ['in-process', 'shared-server']

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[playwright-example] skipped: ${availability.reason}`)

/** Whether a core is kept busy during the run: under `npm run test:busy`, or when asked for. */
const BUSY = !['', '0', 'false'].includes(process.env.SIM_TEST_BUSY_CORE ?? '')

/** Playwright's bound on the whole run: it then stops and still writes its report. */
const RUN_BUDGET_MS = 180_000
/** What the vitest test allows: the run's budget plus its start and the report's reading. */
const TEST_TIMEOUT_MS = RUN_BUDGET_MS + 40_000

// Needs no browser: runs wherever the suite runs.
it('type-checks against the built package', async () => {
  // TypeScript 7 (the native compiler, as npm installs it for a new project today); the consumer
  // leg checks the package's declarations under TypeScript 5.9 as well.
  const tsc = join(dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc')
  const checked = await run(process.execPath, [tsc, '--noEmit', '-p', 'examples/playwright'], { cwd: root }).catch(
    (error: { stdout?: string }) => error,
  )
  expect('code' in checked ? checked.stdout : '').toBe('')
}, 120_000)

const title =
  availability.kind === 'skip'
    ? `the example Playwright suite (skipped: ${availability.reason})`
    : 'the example Playwright suite'

describe.skipIf(availability.kind === 'skip')(title, () => {
  it(
    `passes in real Chromium with default timeouts${BUSY ? ' and one core kept busy' : ''}, projects ${projects.join(' and ')}, two workers in parallel`,
    async () => {
      if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
      const dir = await mkdtemp(join(tmpdir(), 'dts-playwright-report-'))
      // Bounded by itself too: a spinning process must not outlive a test that died.
      const busy = BUSY ? startBusyCore(TEST_TIMEOUT_MS) : undefined
      try {
        const report = join(dir, 'report.json')
        const cli = require.resolve('@playwright/test/cli')
        const args = [
          cli,
          'test',
          '-c',
          'examples/playwright',
          '--reporter=json',
          `--global-timeout=${RUN_BUDGET_MS}`,
          ...projects.map((p) => `--project=${p}`),
        ]
        const exit = await run(process.execPath, args, {
          cwd: root,
          env: { ...process.env, CHROMIUM_PATH, PLAYWRIGHT_JSON_OUTPUT_FILE: report, FORCE_COLOR: '0' },
          maxBuffer: 16 * 1024 * 1024,
        }).then(
          () => 0,
          (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr?.slice(-2000) }),
        )
        const load = await busy?.stop()
        const json = JSON.parse(await readFile(report, 'utf8').catch(() => '{}')) as JsonReport
        const results = outcomes(json, root)
        const failed = results.filter((result) => result.status !== 'expected' && result.status !== 'skipped')
        console.info(
          `[playwright-example] ${results.length} tests ended, ${failed.length} failed` +
            (load === undefined ? '' : `, while a busy process took ${load.cpuMs} ms of CPU in ${load.wallMs} ms`),
        )
        expect(
          {
            exit,
            failed: failed.map(describeFailure),
            runErrors: (json.errors ?? []).map((error) => describeError(error, root)),
          },
          'the Playwright run failed: each failed test, how it ended and the step it was in',
        ).toEqual({ exit: 0, failed: [], runErrors: [] })

        const ran = (project: string, status: string) =>
          results
            .filter((result) => result.project === project && result.status === status)
            .map((result) => result.title)
            .sort()
        const everyTest = [
          "a created payment is listed, and is in the simulator's journal and model",
          'a fund and a payment the factories made are on the page',
          'a scenario makes the API reject the payment, and the app says why',
          'lists the seeded security tokens',
          'tester A sees only the payment it created',
          'tester B sees only the payment it created',
          'the clock decides which tokens have expired',
        ]
        if (projects.includes('in-process')) {
          expect(ran('in-process', 'expected')).toEqual(everyTest)
        }
        // Sessions share the server's clock: the one test that moves it is in-process only.
        expect(ran('shared-server', 'expected')).toEqual(everyTest.filter((test) => !test.startsWith('the clock')))
        expect(ran('shared-server', 'skipped')).toEqual(['the clock decides which tokens have expired'])
      } finally {
        await busy?.stop()
        await rm(dir, { recursive: true, force: true })
      }
    },
    TEST_TIMEOUT_MS,
  )
})

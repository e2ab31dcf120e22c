/**
 * `debt-token-simulator/playwright`: Playwright fixtures that give each test a simulator of its own
 * behind its page (docs/playwright.md). The `simulatorMode` option (per project or `test.use`) picks:
 *
 * - `'in-process'` (default): each test's own simulator answers the page's API requests from the test
 *   process through @msw/playwright (which needs msw 2).
 * - `'shared-server'`: the tests talk to one standalone server (`process.env.SIM_URL` or
 *   `simulatorServerUrl`), each in a session of its own, which a `sim-session` cookie names to a
 *   server-rendered app; `simulator` is a client of that session. Sessions share the server's clock.
 *
 * The `simulator` fixture is automatic: a test that does not name it still gets its page served.
 *
 * @example
 * import { expect, test } from 'debt-token-simulator/playwright'
 *
 * test.use({ simulatorOptions: { baseUrl: 'https://api.example.test', seed: 7 } })
 *
 * test('shows the security tokens', async ({ page, simulator }) => {
 *   await simulator.scenarios.use('slow-backend')
 *   await page.goto('/')
 *   await expect(page.getByRole('listitem')).toHaveCount(3)
 * })
 */
import { test as base } from '@playwright/test'
import { countTestCoverage, coverageDirectory, leaveSessionCoverage } from '../../wings/node.ts'
import { createSimulator, type Simulator, type SimulatorOptions } from '../msw/simulator.ts'
import { routeThroughSimulator } from './in-process.ts'
import { createRemoteSimulator, type RemoteScenarios, type RemoteSimulator } from './remote-simulator.ts'
import { resolveServerUrl, routeWithSession, sessionIdFor, setSessionCookie } from './shared-server.ts'

export { expect } from '@playwright/test'
export type { RemoteScenarios, RemoteSimulator, Simulator, SimulatorOptions }

export type SimulatorMode = 'in-process' | 'shared-server'

/** What a test's `simulator` is: the simulator itself (in-process) or a client of its session (shared-server). */
export type PageSimulator = Simulator | RemoteSimulator

/** The API origin the page calls in in-process mode when `simulatorOptions.baseUrl` names none. */
export const DEFAULT_API_URL = 'https://api.simulator.test'

export interface SimulatorTestOptions {
  /** `'in-process'` (default) or `'shared-server'`. */
  simulatorMode: SimulatorMode
  /**
   * In-process: the options of each test's simulator (`baseUrl`, `seed`, `now`, `fixtures`, `size`,
   * `scenarios`, …). Shared-server: ignored (the server was started with its own).
   */
  simulatorOptions: SimulatorOptions
  /** Shared-server: the server's URL (default: `process.env.SIM_URL`). */
  simulatorServerUrl: string | undefined
  /**
   * Leaves each worker's API coverage in `dir` when it exits, for `npx debt-token-simulator coverage
   * report <dir>` to merge: in-process, what each test's simulator answered; shared-server, each test's
   * session's. Default: `DEBT_TOKEN_SIMULATOR_COVERAGE_DIR`, else none (docs/coverage.md).
   */
  simulatorCoverage: { dir: string } | undefined
}

export interface SimulatorTestFixtures {
  /** The test's simulator, to arrange and assert with (see `PageSimulator`). */
  simulator: PageSimulator
  /**
   * Where the page should send its API requests: in-process, `simulatorOptions.baseUrl` (default
   * `https://api.simulator.test`, a name that exists nowhere); shared-server, the server's URL.
   */
  apiUrl: string
}

export const test = base.extend<SimulatorTestOptions & SimulatorTestFixtures>({
  simulatorMode: ['in-process', { option: true }],
  simulatorOptions: [{}, { option: true }],
  simulatorServerUrl: [undefined, { option: true }],
  simulatorCoverage: [undefined, { option: true }],

  simulator: [
    async (
      { context, baseURL, simulatorMode, simulatorOptions, simulatorServerUrl, simulatorCoverage },
      use,
      testInfo,
    ) => {
      const coverage = coverageDirectory(simulatorCoverage)
      if (simulatorMode === 'in-process') {
        const simulator = createSimulator(simulatorOptions)
        const leaveCoverage = coverage === undefined ? undefined : countTestCoverage(coverage, simulator)
        const unroute = await routeThroughSimulator(context, simulator)
        await use(simulator)
        await unroute()
        await leaveCoverage?.()
      } else if (simulatorMode === 'shared-server') {
        const url = resolveServerUrl(simulatorServerUrl)
        const remote = createRemoteSimulator({ url, session: sessionIdFor(testInfo.title) })
        // Starts the session from the seeded world, and fails early if the server is not there.
        await remote.reset()
        await routeWithSession(context, url, remote.session)
        // For a server-rendered app: its server reads the cookie and forwards it as X-Sim-Session.
        await setSessionCookie(context, [baseURL, url], remote.session)
        await use(remote)
        if (coverage !== undefined) await leaveSessionCoverage(coverage, url, remote.session)
        await remote.end()
      } else {
        throw new Error(
          `debt-token-simulator/playwright: simulatorMode must be 'in-process' or 'shared-server', got ${JSON.stringify(simulatorMode)}`,
        )
      }
    },
    { auto: true },
  ],

  apiUrl: async ({ simulatorMode, simulatorOptions, simulatorServerUrl }, use) => {
    await use(
      simulatorMode === 'shared-server'
        ? resolveServerUrl(simulatorServerUrl)
        : (simulatorOptions.baseUrl ?? DEFAULT_API_URL).replace(/\/+$/, ''),
    )
  },
})

/**
 * `simulator` as the in-process simulator, for what only it has: moving the clock (which sessions
 * of a shared server share), the live model. Throws in shared-server mode, saying so.
 */
export function inProcess(simulator: PageSimulator): Simulator {
  if ('handlers' in simulator) return simulator
  throw new Error(
    `debt-token-simulator/playwright: this needs the in-process simulator; in shared-server mode the test's simulator is a client of session ${simulator.session} on ${simulator.url}, whose clock every session shares. Skip the test there: test.skip(simulatorMode === 'shared-server', '…')`,
  )
}

/**
 * `simulator` as the shared server's client of the test's session, for what only it has: the
 * `session` id (what an app's server forwards as X-Sim-Session), the server's `url`, `end()`.
 * Throws in in-process mode, saying so.
 */
export function remote(simulator: PageSimulator): RemoteSimulator {
  if (!('handlers' in simulator)) return simulator
  throw new Error(
    "debt-token-simulator/playwright: this needs the shared server's client; in in-process mode the test's simulator is the simulator itself, with no session and no server. Skip the test there: test.skip(simulatorMode === 'in-process', '…')",
  )
}

/**
 * `npm test`: Playwright builds the app for production and starts it (webServer: `next build`, then
 * `next start`, whose instrumentation.ts starts the simulator, or reuses one already answering on
 * the port), then runs tests/ in two workers, every test in parallel. The tests use
 * debt-token-simulator/playwright in shared-server mode against that simulator: each test works in
 * a session of its own, and the fixture's `sim-session` cookie for `baseURL` (the app) is what
 * lib/api.ts forwards, so the app's server reads and writes the test's session too.
 *
 * PORT (default 3000) and NEXT_PUBLIC_API_URL (default http://127.0.0.1:4010) move the app and the
 * simulator. Chromium is the system's (CHROMIUM_PATH, else /usr/bin/chromium): Playwright downloads
 * no browser here.
 */
import { defineConfig } from '@playwright/test'
import type { SimulatorTestOptions } from 'debt-token-simulator/playwright'

const port = Number(process.env.PORT ?? 3000)
const baseURL = `http://127.0.0.1:${port}`
const apiUrl = process.env.NEXT_PUBLIC_API_URL ?? 'http://127.0.0.1:4010'

export default defineConfig<SimulatorTestOptions>({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // No timeout set: Playwright's defaults (30 s a test, 5 s an expect) are what the suite must pass with.
  use: {
    baseURL,
    simulatorMode: 'shared-server',
    simulatorServerUrl: apiUrl,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The background-networking flags stop Chromium from calling home.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // NEXT_PUBLIC_API_URL is read by `next build` (inlined into the browser's code) and by the server.
    // Bound to loopback: the test's app answers this machine only.
    command: 'npm run build && npm start -- -H 127.0.0.1',
    url: baseURL,
    env: { PORT: String(port), NEXT_PUBLIC_API_URL: apiUrl, SIMULATOR: 'on', NEXT_TELEMETRY_DISABLED: '1' },
    // A production build on a busy 2-core machine takes a minute or two.
    timeout: 300_000,
    stdout: 'pipe',
    reuseExistingServer: !process.env.CI,
  },
})

/**
 * The example suite, run twice: once per mode of debt-token-simulator/playwright. In-process, each
 * test's own simulator answers its page from the test process; shared-server, every test talks to
 * the one server global-setup.ts starts, in a session of its own. Two workers, every test in
 * parallel: the isolation tests prove that parallel tests never see each other's writes.
 *
 * Chromium is the system's (Debian's /usr/bin/chromium, or CHROMIUM_PATH): Playwright downloads
 * no browser here.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import type { SimulatorTestOptions } from 'debt-token-simulator/playwright'

/** The API origin the app calls in-process: a name that exists nowhere, answered by the simulator. */
const API_URL = 'https://api.example.test'

export default defineConfig<SimulatorTestOptions>({
  testDir: './tests',
  outputDir: join(tmpdir(), 'dts-playwright-example-results'),
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // No timeout set: Playwright's defaults (30 s a test, 5 s an expect) are what the suite must pass with.
  use: {
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
  projects: [
    { name: 'in-process', use: { simulatorMode: 'in-process', simulatorOptions: { baseUrl: API_URL } } },
    { name: 'shared-server', use: { simulatorMode: 'shared-server' } },
  ],
})

/**
 * `npm run test-storybook`: every story as a test in headless Chromium, through Storybook's vitest
 * addon (it renders the story with preview.ts, so with the simulator, and runs its play function).
 * Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium (nothing is downloaded).
 */
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})

/**
 * Storybook for the example component library: React with the Vite builder. msw-storybook-addon
 * serves the worker from public/ (`npx msw init public`); the simulator is wired in preview.ts.
 */
import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  addons: ['msw-storybook-addon', '@storybook/addon-docs', '@storybook/addon-vitest'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
}

export default config

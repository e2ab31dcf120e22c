/**
 * Every story renders against the simulator: msw-storybook-addon's worker with the simulator's
 * handler as its initial handler, and a fresh world per story from its `parameters.simulator`.
 * Stories in docs pages render each in its own iframe (`inline: false`), so that each has its own
 * simulator and a docs page's stories do not answer from one another's worlds.
 */
import type { Preview } from '@storybook/react-vite'
import { simulatorLoader, simulatorWorker, withSimulatorArgs } from 'debt-token-simulator/storybook'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { API_URL } from '../src/api'

const preview: Preview = {
  loaders: [mswLoader(simulatorWorker({ baseUrl: API_URL })), simulatorLoader],
  decorators: [withSimulatorArgs],
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
}

export default preview

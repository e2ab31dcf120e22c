/**
 * A target is a running simulator the behaviour suite talks to over real `fetch`: in-process behind
 * msw's setupServer, the standalone server over HTTP on 127.0.0.1, or `npm start`'s
 * own process. The suite only sees `send()` and the controls of wire-target.ts, so the same cases
 * prove the same behaviour everywhere.
 */
import { setupServer } from 'msw/node'
import { createSimulator, type SimulatorCore, type SimulatorOptions } from '../../src/runtimes/msw/simulator.ts'
import { strictListenOptions } from '../../src/runtimes/node.ts'
import { startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { startCli } from './cli-process.ts'
import { type Exchange, httpControls, sender, simulatorControls, type Target } from './wire-target.ts'

export type TargetFactory = (options?: SimulatorOptions) => Promise<Target>

/** A target whose simulator is in this process, for tests that drive it directly (scenarios, say). */
export interface SimulatorTarget extends Target {
  readonly simulator: SimulatorCore
}

export type SimulatorTargetFactory = (options?: SimulatorOptions) => Promise<SimulatorTarget>

/** In-process: real fetch, intercepted by msw's setupServer. */
export const inProcessTarget = async (options?: SimulatorOptions): Promise<SimulatorTarget> => {
  const simulator = createSimulator(options)
  const server = setupServer(...simulator.handlers)
  server.listen(strictListenOptions)
  const baseUrl = 'http://api.simulator.test'
  const exchanges: Exchange[] = []
  return {
    name: 'in-process',
    simulator,
    baseUrl,
    exchanges,
    send: sender(baseUrl, exchanges),
    close: async () => server.close(),
    ...simulatorControls(simulator),
  }
}

/** Standalone: the node:http server on 127.0.0.1 with a free port. */
export const standaloneTarget: SimulatorTargetFactory = async (options) => {
  const running = await startStandaloneServer({ ...options, port: 0, host: '127.0.0.1' })
  const exchanges: Exchange[] = []
  return {
    name: 'standalone',
    simulator: running.simulator,
    baseUrl: running.url,
    exchanges,
    send: sender(running.url, exchanges),
    close: async () => void (await running.close()),
    ...simulatorControls(running.simulator),
  }
}

/**
 * The package's command (dist/cli.js: what the bin and `npm start` run), as a process on a free
 * port of 127.0.0.1, controlled through its /__sim API.
 */
export const processTarget: TargetFactory = async (options) => {
  if (options !== undefined && Object.keys(options).length > 0)
    throw new Error('processTarget starts the default world only')
  const server = await startCli(['--host', '127.0.0.1', '--quiet'])
  const baseUrl = server.url
  const exchanges: Exchange[] = []
  return {
    name: 'process',
    baseUrl,
    exchanges,
    send: sender(baseUrl, exchanges),
    ...httpControls(baseUrl),
    close: async () => {
      await server.stop()
    },
  }
}

/**
 * A target is a running simulator the behaviour suite talks to over real `fetch`: in-process behind
 * msw's setupServer, the standalone server over HTTP on 127.0.0.1 (either engine), or `npm start`'s
 * own process. The suite only sees `send()` and two controls, so the same cases prove the same
 * behaviour everywhere.
 */
import { setupServer } from 'msw/node'
import { createSimulator, type SimulatorCore, type SimulatorOptions } from '../../src/runtimes/msw/simulator.ts'
import { strictListenOptions } from '../../src/runtimes/node.ts'
import { type Engine, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { startCli } from './cli-process.ts'

export const TOKEN = 'test-token'

interface SendOptions {
  headers?: Record<string, string>
  /** A value is sent as JSON; a string is sent as it is. */
  body?: unknown
  /** false: send no Authorization header. */
  auth?: boolean
}

interface Reply {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body (undefined when the body is empty or not JSON). */
  json: any
}

/** One request and its reply, as the suite saw it (the OpenAPI check reads these). */
interface Exchange {
  method: string
  path: string
  status: number
  contentType: string | null
  json: unknown
}

export interface Target {
  readonly name: string
  /** Every exchange sent through this target, in order. */
  readonly exchanges: Exchange[]
  readonly baseUrl: string
  /** Back to the seeded world (the simulator's reset(), or POST /__sim/reset for a process). */
  reset(): void | Promise<void>
  /** Fixes the clock at `at`. */
  setClock(at: Date): void | Promise<void>
  send(method: string, path: string, options?: SendOptions): Promise<Reply>
  close(): Promise<void>
}

export type TargetFactory = (options?: SimulatorOptions) => Promise<Target>

/** A target whose simulator is in this process, for tests that drive it directly (scenarios, say). */
export interface SimulatorTarget extends Target {
  readonly simulator: SimulatorCore
}

export type SimulatorTargetFactory = (options?: SimulatorOptions) => Promise<SimulatorTarget>

function sender(baseUrl: string, exchanges: Exchange[]) {
  return async (method: string, path: string, options: SendOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = {
      ...(options.auth !== false && { authorization: `Bearer ${TOKEN}` }),
      ...options.headers,
    }
    let body: string | undefined
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body })
    const text = await response.text()
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    exchanges.push({ method, path, status: response.status, contentType: response.headers.get('content-type'), json })
    return { status: response.status, headers: response.headers, text, json }
  }
}

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
    ...controlsOf(simulator),
  }
}

/** Standalone: the node:http server on 127.0.0.1 with a free port. */
export function standaloneTarget(engine: Engine): SimulatorTargetFactory {
  return async (options) => {
    const running = await startStandaloneServer({ ...options, port: 0, host: '127.0.0.1', engine })
    const exchanges: Exchange[] = []
    return {
      name: `standalone-${engine}`,
      simulator: running.simulator,
      baseUrl: running.url,
      exchanges,
      send: sender(running.url, exchanges),
      close: running.close,
      ...controlsOf(running.simulator),
    }
  }
}

function controlsOf(simulator: SimulatorCore): Pick<Target, 'reset' | 'setClock'> {
  return { reset: () => simulator.reset(), setClock: (at) => simulator.clock.set(at) }
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
  const control = async (method: string, path: string, body?: unknown) => {
    // The control API takes POST and PUT only as JSON.
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    await response.arrayBuffer()
  }
  return {
    name: `process (${/listening on \S+ \((.*)\)/.exec(server.output())![1]})`,
    baseUrl,
    exchanges,
    send: sender(baseUrl, exchanges),
    reset: () => control('POST', '/__sim/reset'),
    setClock: (at) => control('PUT', '/__sim/clock', { now: at.toISOString() }),
    close: async () => {
      await server.stop()
    },
  }
}

/**
 * A target is a running simulator the behaviour suite talks to over real `fetch`: in-process behind
 * msw's setupServer, or the standalone server over HTTP on 127.0.0.1 (either engine). The suite
 * only sees `send()`, so the same cases prove the same behaviour everywhere.
 */
import { setupServer } from 'msw/node'
import { strictListenOptions } from '../../src/runtimes/node.ts'
import { createSimulator, type SimulatorCore, type SimulatorOptions } from '../../src/simulator.ts'
import { type Engine, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

export const TOKEN = 'test-token'

export interface SendOptions {
  headers?: Record<string, string>
  /** A value is sent as JSON; a string is sent as it is. */
  body?: unknown
  /** false: send no Authorization header. */
  auth?: boolean
}

export interface Reply {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body (undefined when the body is empty or not JSON). */
  json: any
}

/** One request and its reply, as the suite saw it (the OpenAPI check reads these). */
export interface Exchange {
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
  readonly simulator: SimulatorCore
  readonly baseUrl: string
  send(method: string, path: string, options?: SendOptions): Promise<Reply>
  close(): Promise<void>
}

export type TargetFactory = (options?: SimulatorOptions) => Promise<Target>

function sender(baseUrl: string, exchanges: Exchange[]) {
  return async (method: string, path: string, options: SendOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...(options.auth !== false && { authorization: `Bearer ${TOKEN}` }), ...options.headers }
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
export const inProcessTarget: TargetFactory = async (options) => {
  const simulator = createSimulator(options)
  const server = setupServer(...simulator.handlers)
  server.listen(strictListenOptions)
  const baseUrl = 'http://api.simulator.test'
  const exchanges: Exchange[] = []
  return { name: 'in-process', simulator, baseUrl, exchanges, send: sender(baseUrl, exchanges), close: async () => server.close() }
}

/** Standalone: the node:http server on 127.0.0.1 with a free port. */
export function standaloneTarget(engine: Engine): TargetFactory {
  return async (options) => {
    const running = await startStandaloneServer({ ...options, port: 0, host: '127.0.0.1', engine })
    const exchanges: Exchange[] = []
    return { name: `standalone-${engine}`, simulator: running.simulator, baseUrl: running.url, exchanges, send: sender(running.url, exchanges), close: running.close }
  }
}

/**
 * What the behaviour suite knows of a running simulator: real `fetch` to its base URL and a few
 * controls (reset, the clock, a scenario, the factories). Nothing here imports the sources, so the
 * suite can be bundled and run against the packed package (test/conformance/package-suite.ts) as
 * well as against the sources (target.ts).
 */

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

/** A factory call, as `POST /__sim/factories/{table}` takes its body. */
interface FactoryCall {
  count?: number
  overrides?: Record<string, unknown>
  state?: string
}

/** The simulator's controls the cases use, in-process or through /__sim. */
export interface TargetControls {
  /** Back to the seeded world, clock and no scenario (the simulator's reset(), or POST /__sim/reset). */
  reset(): void | Promise<void>
  /** Fixes the clock at `at`. */
  setClock(at: Date): void | Promise<void>
  /** Moves the clock by `milliseconds`. */
  advanceClock(milliseconds: number): void | Promise<void>
  /** Activates a scenario by name; null leaves the active one. */
  useScenario(name: string | null): void | Promise<void>
  /** Runs a factory of `table`; answers the records asked for (not the linked ones). */
  create(table: string, call?: FactoryCall): Promise<any[]>
}

export interface Target extends TargetControls {
  readonly name: string
  /** Every exchange sent through this target, in order. */
  readonly exchanges: Exchange[]
  readonly baseUrl: string
  send(method: string, path: string, options?: SendOptions): Promise<Reply>
  close(): Promise<void>
}

/** Sends a request to `baseUrl` with the suite's default Bearer token and records the exchange. */
export function sender(baseUrl: string, exchanges: Exchange[]) {
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

/** The controls of a simulator reached over HTTP, through its /__sim routes. */
export function httpControls(baseUrl: string): TargetControls {
  const control = async (method: string, path: string, body?: unknown): Promise<any> => {
    // The control API takes POST and PUT only as JSON.
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return JSON.parse(text)
  }
  return {
    reset: async () => void (await control('POST', '/__sim/reset')),
    setClock: async (at) => void (await control('PUT', '/__sim/clock', { now: at.toISOString() })),
    advanceClock: async (milliseconds) => void (await control('PUT', '/__sim/clock', { advanceMs: milliseconds })),
    useScenario: async (name) =>
      void (await (name === null ? control('DELETE', '/__sim/scenario') : control('PUT', '/__sim/scenario', { name }))),
    create: async (table, call = {}) => (await control('POST', `/__sim/factories/${table}`, call)).records,
  }
}

/** What the in-process controls need of a simulator (the sources' or the package's). */
interface ControlledSimulator {
  reset(): void
  readonly clock: { set(at: Date): void; advance(milliseconds: number): void }
  readonly scenarios: { use(name: string | null): void }
  // `any`: the simulators type the table and the state by their own unions.
  createRecords(request: { table: any; state?: any } & FactoryCall): Promise<{ readonly records: readonly unknown[] }>
}

/** The controls of a simulator in this process. */
export function simulatorControls(simulator: ControlledSimulator): TargetControls {
  return {
    reset: () => simulator.reset(),
    setClock: (at) => simulator.clock.set(at),
    advanceClock: (milliseconds) => simulator.clock.advance(milliseconds),
    useScenario: (name) => simulator.scenarios.use(name),
    create: async (table, call = {}) => [...(await simulator.createRecords({ table, ...call })).records],
  }
}

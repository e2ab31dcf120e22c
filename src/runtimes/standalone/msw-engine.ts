/**
 * The standalone server's `msw` engine (`--engine msw`): each request goes through msw's
 * `getResponse` over the very handlers the in-process runtime uses. Loaded only when that engine
 * is chosen, so the default `direct` engine never loads msw.
 */
import type { IncomingMessage } from 'node:http'
import type { getResponse as GetResponse, HttpHandler } from 'msw'
import type { SimRequest, SimResponse } from '../../http/sim-request.ts'
import type { SimulatorCore } from '../../simulator-core.ts'
import { originForm } from './node-request.ts'

/** What the msw engine needs, loaded only when that engine is chosen (the direct one never loads msw). */
export interface MswEngine {
  readonly getResponse: typeof GetResponse
  readonly handlers: HttpHandler[]
}

export async function loadMswEngine(simulator: SimulatorCore): Promise<MswEngine> {
  const [{ getResponse }, { handlersOf }] = await Promise.all([import('msw'), import('../msw/simulator.ts')])
  const handlers = 'handlers' in simulator ? (simulator.handlers as HttpHandler[]) : handlersOf(simulator)
  return { getResponse, handlers }
}

/** The msw engine: node request → Fetch Request → getResponse(handlers) → SimResponse. */
export async function viaMsw(
  { getResponse, handlers }: MswEngine,
  simulator: SimulatorCore,
  request: IncomingMessage,
  simRequest: SimRequest,
  origin: string,
): Promise<SimResponse> {
  const method = simRequest.method
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  const fetchRequest = new Request(new URL(originForm(request.url ?? '/'), origin), {
    method,
    headers,
    ...(hasBody && { body: await simRequest.text() }),
  })
  const mocked = await getResponse(handlers, fetchRequest, { baseUrl: origin, quiet: true } as never)
  if (mocked === undefined) return simulator.handle(simRequest) // unmatched: the same 404/405 as direct
  if (mocked.type === 'error') return { status: 0, headers: {}, body: null, networkError: true }
  const responseHeaders: Record<string, string> = {}
  mocked.headers.forEach((value, name) => {
    responseHeaders[name] = value
  })
  return { status: mocked.status, headers: responseHeaders, body: await mocked.text() }
}

/**
 * The standalone server: a thin node:http adapter that hands each request straight to the simulator's
 * pipeline, without msw (decision 0016), and adds CORS, the control API, the log and a clean shutdown.
 */

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTROL_PREFIX, isControlPath } from '../../contract/control-route.ts'
import { loadFactories } from '../../factories/factory-loader.ts'
import { ApiError, errorResponse } from '../../http/api-error.ts'
import { sharedLoad } from '../../model/shared-load.ts'
import { formatLogLine } from '../../observability/operations-log.ts'
import { worldGeneratorFor } from '../../pipeline/generator-gate.ts'
import { matchRoute } from '../../pipeline/router.ts'
import { MAX_BODY_BYTES } from '../../pipeline/validate-request.ts'
import type { SimulatorCore } from '../../simulator-core.ts'
import { composeServedSimulator } from '../../wings/compose.ts'
import type { ControlServices } from '../../wings/control.ts'
import { createLiveRecording, dashboardAssets, isStreamed, SERVER_WINGS } from '../../wings/server.ts'
import { browserOriginProblem } from './browser-origin.ts'
import {
  answerClientError,
  answerConnect,
  answerExpectation,
  continueOrRefuse,
  declaredTooLarge,
  MAX_URL_LENGTH,
} from './client-errors.ts'
import {
  admitControlRequest,
  admitSteeringHeaders,
  type ControlAccess,
  controlOriginAllowed,
  preflightHeaders,
  tokenCallerAdmission,
} from './cors.ts'
import { drainOnClose } from './drain.ts'
import { isLoopbackAddress } from './loopback.ts'
import { nodeHttp } from './node-http.ts'
import { fromNodeRequest, originForm } from './node-request.ts'
import { isRecorded, recordedExchange } from './recorded-exchange.ts'
import { send } from './response-writer.ts'
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  type ListenerOptions,
  type StandaloneOptions,
  type StandaloneServer,
} from './server-options.ts'
import { assertCookieSession, cookieSessionOf } from './session-cookie.ts'
import { openStream } from './stream-response.ts'

export * from './server-options.ts'

/** Headers of an answer after which the connection must close (its request's body was not read). */
const CLOSE: Readonly<Record<string, string>> = { connection: 'close' }

const OPEN_ACCESS: ControlAccess = { origins: new Set(), loopbackOnly: false }

/** The control API, imported on the first control request: most of what a start would evaluate (decision 0027). */
function controlRoutesOnDemand(services: ControlServices) {
  return sharedLoad(async () => (await import('../../wings/control.ts')).serveControlRoutes(services))
}

export function createRequestListener(
  simulator: SimulatorCore,
  {
    origin,
    recording,
    logControl,
    access = OPEN_ACCESS,
    liveRecording = createLiveRecording(simulator),
    dashboard,
    streams = new Set(),
    recordAs,
  }: ListenerOptions,
) {
  const controlApi = controlRoutesOnDemand({ recording, liveRecording, dashboard })
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let allowOrigin = true
    try {
      const target = originForm(request.url ?? '/')
      const controlTarget = target.startsWith(CONTROL_PREFIX) && isControlPath(target.split('?', 1)[0]!)
      // The sim-session cookie names the session of an API call without X-Sim-Session, never a control one's.
      const cookieSession = controlTarget ? undefined : cookieSessionOf(request)
      if (controlTarget) allowOrigin = controlOriginAllowed(request.headers.origin, access)
      else admitSteeringHeaders(request, access, cookieSession !== undefined)
      if (request.method === 'OPTIONS') {
        if (controlTarget) admitControlRequest(request, 'OPTIONS', access) // a foreign origin's preflight: 403
        response.writeHead(204, preflightHeaders(request, access))
        response.end()
        return
      }
      if ((request.url?.length ?? 0) > MAX_URL_LENGTH)
        throw new ApiError(414, `the request target is longer than ${MAX_URL_LENGTH} characters`)
      // node's own answer to these is a bare 400 (its requireHostHeader is off for this one check).
      if (request.headers.host === undefined && request.httpVersion === '1.1')
        throw new ApiError(400, 'an HTTP/1.1 request must send a Host header', undefined, CLOSE)
      // Refused before a byte of the body is read; the connection closes rather than drain it.
      if (declaredTooLarge(request))
        throw new ApiError(413, `body is larger than ${MAX_BODY_BYTES} bytes`, undefined, CLOSE)
      if (cookieSession !== undefined) assertCookieSession(cookieSession)
      // A HEAD is answered as its GET; node leaves the body out (Content-Length stays the GET's).
      const simRequest = fromNodeRequest(request, request.method === 'HEAD' ? 'GET' : undefined, cookieSession)
      // A recording reads the body first: after a network error the socket is gone, and the body with it.
      const recorded = (recording !== undefined || liveRecording.active) && isRecorded(simRequest)
      const recordedBody = recorded ? await simRequest.text() : undefined
      // Routed once, here: the gate, the control API and the pipeline take this match.
      const match = matchRoute(simRequest.method, simRequest.path)
      const control = isControlPath(simRequest.path)
      if (control) admitControlRequest(request, simRequest.method, access, match.kind === 'control')
      await worldGeneratorFor(simRequest, match) // a request that may generate, when the command loads it on demand
      const started = performance.now()
      const result = control
        ? await (await controlApi())({ simulator, request: simRequest, serverUrl: origin() }, match)
        : await simulator.host.execute(simRequest, match)
      // Written in the check phase: by then node has parsed every request of this poll phase, and the
      // answers go out together, which costs less CPU per request under load (docs/performance.md).
      if (control && isStreamed(result)) setImmediate(openStream, request, response, result, allowOrigin, streams)
      else setImmediate(send, request, response, result, allowOrigin)
      if (control) logControl?.(simRequest.method, simRequest.path, result.status, started)
      if (recordedBody !== undefined) {
        const seen = recordedExchange(request, simRequest, recordedBody, result)
        const exchange = recordAs === undefined ? seen : recordAs(seen)
        recording?.record(exchange)
        liveRecording.record(exchange)
      }
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, `the standalone server failed: ${error instanceof Error ? error.message : String(error)}`)
      if (apiError.status === 500) console.error('[debt-token-simulator]', error)
      if (!response.headersSent) send(request, response, errorResponse(apiError), allowOrigin)
      else response.destroy()
    }
  }
}

export async function startStandaloneServer(options: StandaloneOptions = {}): Promise<StandaloneServer> {
  // The server loads the world generator and the factories on demand (factories/factory-loader.ts): these worlds need them now.
  if (options.simulator === undefined && options.size !== undefined) await loadFactories()
  if (options.scenario !== undefined) await loadFactories()
  for (const origin of options.controlOrigins ?? []) {
    const problem = browserOriginProblem(origin)
    if (problem !== undefined) throw new TypeError(`controlOrigins: ${JSON.stringify(origin)} ${problem}`)
  }
  if (options.proxy !== undefined && options.simulator !== undefined)
    throw new TypeError('proxy: give it for a simulator this server creates, or build the simulator with a forwarder')
  const host = options.host ?? DEFAULT_HOST
  const access: ControlAccess = {
    origins: new Set(options.controlOrigins ?? []),
    loopbackOnly: isLoopbackAddress(host),
  }
  const warn = options.warn ?? ((line: string) => console.warn(`[debt-token-simulator] ${line}`))
  // The proxy lends its token only to callers the control API answers.
  const wingHost = { warn, admitTokenCaller: tokenCallerAdmission(access) }
  const composed = await composeServedSimulator(options, SERVER_WINGS, wingHost, options.simulator)
  const { simulator, parts } = composed
  let url = ''
  const level = options.log ?? 'quiet'
  const sink = options.logSink ?? ((line: string) => console.log(line))
  const unsubscribe =
    level === 'quiet' ? () => {} : simulator.journal.onExchange((entry) => sink(formatLogLine(entry, level)))
  const logControl =
    level === 'quiet'
      ? undefined
      : (method: string, path: string, status: number, started: number) =>
          sink(
            `${new Date().toISOString().slice(11, 23)} ${method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms control`,
          )
  const headersTimeout = options.headersTimeoutMs
  const streams = new Set<() => void>()
  const server = nodeHttp.createServer(
    {
      keepAliveTimeout: 5000,
      requireHostHeader: false, // the listener answers a missing Host in the documented shape
      ...(headersTimeout !== undefined && {
        headersTimeout,
        requestTimeout: Math.max(headersTimeout, 300_000),
        connectionsCheckingInterval: Math.min(30_000, Math.max(50, headersTimeout / 4)),
      }),
    },
    createRequestListener(simulator, {
      origin: () => url,
      recording: options.recording ?? parts.recording,
      logControl,
      access,
      dashboard: dashboardAssets(),
      streams,
      recordAs: parts.recordAs,
    }),
  )
  server.on('clientError', answerClientError)
  server.on('connect', answerConnect)
  server.on('checkExpectation', answerExpectation)
  // Emitted as 'request' once told to continue, so the in-flight count below sees it too.
  server.on(
    'checkContinue',
    continueOrRefuse((request, response) => server.emit('request', request, response)),
  )
  const drain = drainOnClose(server)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? DEFAULT_PORT, host, () => resolve())
    })
  } catch (error) {
    // Let go of what the start took (its persistence directory above all), to start again or reuse the winner.
    unsubscribe()
    if (options.simulator === undefined) await simulator.close()
    throw error
  }
  const address = server.address() as AddressInfo
  url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
  return {
    url,
    server,
    simulator,
    close: async ({ graceMs = 0 } = {}) => {
      unsubscribe()
      // Event streams never end on their own: end them first, so each client sees its stream end whole.
      for (const end of [...streams]) end()
      await drain.close(graceMs)
      // Answers under way are in the recording by now.
      const written = composed.writeFilesSync()
      // A simulator this server made is closed with it (its persistence directory let go).
      if (options.simulator === undefined) await simulator.close()
      return written
    },
    writeFilesSync: () => composed.writeFilesSync(),
  }
}

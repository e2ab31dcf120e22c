/** Tells the simulator (it answers `GET /__sim/health` with its health) from the real service for `replay --url`. */

export type ServerKind =
  | { readonly kind: 'simulator' }
  | {
      readonly kind: 'service'
      /** Why it is taken for the real service, for the replay's first line. */
      readonly why: string
    }

const HEALTH_PATH = '/__sim/health'
const PROBE_TIMEOUT_MS = 10_000

function isSimulatorHealth(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false
  const health = body as { status?: unknown; clock?: { now?: unknown }; sessions?: unknown }
  return health.status === 'ok' && typeof health.clock?.now === 'string' && typeof health.sessions === 'number'
}

/** Asks `GET <baseUrl>/__sim/health`; throws when nothing answers, so an unreachable server fails the replay. */
export async function probeServer(baseUrl: string): Promise<ServerKind> {
  let response: Response
  try {
    response = await fetch(`${baseUrl}${HEALTH_PATH}`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
  } catch (error) {
    const cause = (error as { cause?: Error }).cause
    throw new Error(`cannot reach ${baseUrl}: ${cause?.message ?? (error as Error).message}`)
  }
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (response.status === 200 && isSimulatorHealth(body)) return { kind: 'simulator' }
  return {
    kind: 'service',
    why: `GET ${HEALTH_PATH} answered ${response.status}${response.status === 200 ? ", not the simulator's health" : ''}`,
  }
}

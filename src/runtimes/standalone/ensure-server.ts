/**
 * One simulator on a port, however often the code that wants it runs (`next dev` reloads): it reuses the
 * simulator answering there, else starts one; a start that loses a race reuses the winner.
 * A server this process started is kept on `globalThis`, so a module evaluated again finds it.
 */
import { PersistDirectoryError } from '../../wings/server.ts'
import { startStandaloneServer } from './server.ts'
import { DEFAULT_HOST, DEFAULT_PORT, type StandaloneOptions, type StandaloneServer } from './server-options.ts'

/** The server `ensureStandaloneServer` resolves: one it started, or one already running (its `close()` does nothing). */
export type EnsuredServer =
  | (StandaloneServer & { readonly reused: false })
  | { readonly url: string; readonly reused: true; close(): Promise<void> }

/** The servers this process started, by URL: one registry per process, whichever copy of this module runs. */
const REGISTRY = Symbol.for('debt-token-simulator.ensureStandaloneServer')
type Registry = Map<string, Promise<EnsuredServer>>
const registry = (): Registry => ((globalThis as { [REGISTRY]?: Registry })[REGISTRY] ??= new Map())

const PROBE_TIMEOUT_MS = 2000
/** How long a start that lost the race waits for the winner to answer. */
const WINNER_WAIT_MS = 5000

type Holder = { kind: 'none' } | { kind: 'simulator' } | { kind: 'other'; why: string }

/** What answers `GET /__sim/health` at `url`: nothing (refused), the simulator, or another server. */
async function holderOf(url: string, retry = true): Promise<Holder> {
  try {
    const response = await fetch(`${url}/__sim/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    const body = (await response.json().catch(() => undefined)) as { simulator?: unknown } | undefined
    if (response.ok && body?.simulator === 'debt-token-simulator') return { kind: 'simulator' }
    return { kind: 'other', why: `GET /__sim/health answered ${response.status}, not the simulator's health` }
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code
    if (code === 'ECONNREFUSED') return { kind: 'none' }
    // A kept-alive connection to a server since closed fails the request sent on it: ask once more, anew.
    if (retry && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')) return holderOf(url, false)
    return { kind: 'other', why: (error as { cause?: Error }).cause?.message ?? (error as Error).message }
  }
}

const reused = (url: string): EnsuredServer => ({ url, reused: true, close: async () => {} })

/**
 * Resolves with the simulator on `options.port` (default 4010): the one already answering there
 * (`reused: true`, `close()` does nothing, `options` unused), else one `startStandaloneServer(options)`
 * starts (`reused: false`). Throws when the port is held by a server that is not this simulator.
 */
export function ensureStandaloneServer(options: StandaloneOptions = {}): Promise<EnsuredServer> {
  const port = options.port ?? DEFAULT_PORT
  if (port === 0)
    return Promise.reject(
      new TypeError(
        'ensureStandaloneServer: give a port to find the server on again (startStandaloneServer takes port 0)',
      ),
    )
  const host = options.host ?? DEFAULT_HOST
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  const started = registry().get(url)
  if (started !== undefined) return started.then(() => reused(url))
  const ensured = ensure({ ...options, port }, url)
  registry().set(url, ensured)
  ensured.then(
    (server) => server.reused && registry().delete(url),
    () => registry().delete(url),
  )
  return ensured
}

async function ensure(options: StandaloneOptions & { port: number }, url: string): Promise<EnsuredServer> {
  // A wildcard address is asked on loopback.
  const probe = url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:')
  const notSimulator = (why: string) =>
    new Error(
      `ensureStandaloneServer: port ${options.port} is in use by a server that is not debt-token-simulator (${why}): stop it, or give another port`,
    )
  const holder = await holderOf(probe)
  if (holder.kind === 'simulator') return reused(url)
  if (holder.kind === 'other') throw notSimulator(holder.why)
  try {
    const server = await startStandaloneServer(options)
    const close: StandaloneServer['close'] = (closing) => {
      registry().delete(url) // a later call starts one again
      return server.close(closing)
    }
    return { ...server, reused: false, close }
  } catch (error) {
    const lost = (error as { code?: string }).code === 'EADDRINUSE' || error instanceof PersistDirectoryError
    if (!lost) throw error
    // Another process won the port or the directory: it answers once it listens.
    const deadline = Date.now() + WINNER_WAIT_MS
    let winner = await holderOf(probe)
    while (winner.kind === 'none' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      winner = await holderOf(probe)
    }
    if (winner.kind === 'simulator') return reused(url)
    if (error instanceof PersistDirectoryError) throw error
    throw notSimulator(
      winner.kind === 'other' ? winner.why : `listen answered EADDRINUSE, and GET ${probe}/__sim/health is refused`,
    )
  }
}

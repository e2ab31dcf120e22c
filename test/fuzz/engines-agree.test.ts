/**
 * The engines agree by test: fast-check generates requests (valid ones from each operation's sample,
 * edge and hostile variations of them, and control-route requests), and each goes both through the
 * in-process msw runtime (real `fetch`, msw's setupServer over the simulator's handlers; control
 * routes straight to the control handler, as in-process callers reach them) and over HTTP to the
 * standalone server. Both must answer the same status, body and documented headers, neither may
 * answer a 5xx, and a refused write must leave both worlds as they were. Runs are bounded and
 * seeded, so a failure replays with the seed fast-check prints.
 */
import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/operations.ts'
import type { SimRequest } from '../../src/http/sim-request.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import type { SimulatorCore } from '../../src/simulator-core.ts'
import { serveControlRoutes } from '../../src/wings/control.ts'
import { samples } from '../support/samples.ts'
import { HASH_A, UNKNOWN_ADDRESS } from '../support/world.ts'

const API = 'http://api.engines.test'
const RUNS = 250
const SEED = 20261123
/** The headers the documentation promises; CORS, Date and the connection's own differ by nature. */
const DOCUMENTED_HEADERS = ['content-type', 'www-authenticate', 'allow', 'retry-after', 'x-sim-scenario'] as const

interface Generated {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

const inProcess = createSimulator({ baseUrl: API })
const mswServer = setupServer(...inProcess.handlers)
/** Control routes straight to the control API, as in-process callers reach them. */
const controlApi = serveControlRoutes()
let standalone: StandaloneServer

beforeAll(async () => {
  mswServer.listen({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as never) // msw 2 and msw 3 option names
  standalone = await startStandaloneServer({ port: 0 })
})
afterAll(async () => {
  mswServer.close()
  await standalone.close()
})

function documented(headers: Headers | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of DOCUMENTED_HEADERS) {
    const value = headers instanceof Headers ? headers.get(name) : headers[name]
    if (value !== null && value !== undefined) out[name] = value
  }
  return out
}

/** In-process: control routes as the simulator object answers them, API routes through msw. */
async function sendInProcess(request: Generated): Promise<Answer | 'unhandled'> {
  if (request.path.startsWith('/__sim')) {
    const q = request.path.indexOf('?')
    const lower: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) lower[name.toLowerCase()] = value
    const simRequest: SimRequest = {
      method: request.method,
      path: q === -1 ? request.path : request.path.slice(0, q),
      query: new URLSearchParams(q === -1 ? '' : request.path.slice(q + 1)),
      header: (name) => lower[name] ?? null,
      text: async () => request.body ?? '',
    }
    const reply = await controlApi({ simulator: inProcess, request: simRequest })
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(reply.headers)) headers[name.toLowerCase()] = value
    return { status: reply.status, headers: documented(headers), body: reply.body ?? '' }
  }
  try {
    const response = await fetch(`${API}${request.path}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
    })
    return { status: response.status, headers: documented(response.headers), body: await response.text() }
  } catch {
    return 'unhandled' // no handler: msw lets it go to the network, where this host does not exist
  }
}

async function sendStandalone(request: Generated): Promise<Answer> {
  const response = await fetch(`${standalone.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined && { body: request.body }),
  })
  return { status: response.status, headers: documented(response.headers), body: await response.text() }
}

function fingerprint(simulator: SimulatorCore): string {
  return JSON.stringify(simulator.state({ limit: 1_000_000 }).tables)
}

// ---------------------------------------------------------------------------------------------
// Generators

const weirdScalar = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.1,
    '',
    ' ',
    'null',
    '0x',
    UNKNOWN_ADDRESS,
    HASH_A,
    `0x${'F'.repeat(40)}`,
  ),
  fc.constantFrom(
    '2026-02-30',
    '2026-03-01T25:00:00Z',
    '0000-01-01',
    '9999-12-31',
    '+010000-01-01T00:00:00Z',
    '💥',
    '\u0000',
    '\r\n',
    'é',
    '<script>',
  ),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true }),
)

/** A JSON value nested `depth` levels deep. */
const nested = (depth: number): unknown => {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

/** A variation of a sample body: fields dropped, replaced by odd values, unknown ones added. */
function mutatedBody(body: unknown): fc.Arbitrary<unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return fc.oneof(fc.constant(body), weirdScalar)
  const entries = Object.entries(body as Record<string, unknown>)
  return fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.nat({ max: Math.max(0, entries.length - 1) }),
          fc.constantFrom('drop', 'weird', 'keep'),
          weirdScalar,
        ),
        { maxLength: 3 },
      ),
      fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), weirdScalar), { nil: undefined }),
    )
    .map(([edits, extra]) => {
      const out: Record<string, unknown> = Object.fromEntries(entries)
      for (const [i, kind, value] of edits) {
        const key = entries[i]?.[0]
        if (key === undefined) continue
        if (kind === 'drop') delete out[key]
        else if (kind === 'weird') out[key] = value
      }
      if (extra !== undefined) out[extra[0]] = extra[1]
      return out
    })
}

const authorization = fc.constantFrom<(string | undefined)[]>(
  'Bearer fuzz-token',
  'Bearer fuzz-token',
  'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
  undefined,
  '',
  'Basic abc',
  'Bearer',
  'bearer lower',
  'Bearer a b',
)

/** A request built from an operation's sample: mostly valid, often varied at one point. */
const apiRequest: fc.Arbitrary<Generated> = fc
  .tuple(
    fc.constantFrom(...operations.map((operation) => operation.id)),
    authorization,
    fc.constantFrom('as-is', 'body', 'body', 'raw-body', 'path', 'query', 'method', 'bom', 'deep'),
    fc.nat(),
  )
  .chain(([id, auth, variation, pick]) => {
    const sample = samples[id]
    const headers: Record<string, string> = {}
    if (auth !== undefined) headers.authorization = auth
    const base = (text: string | undefined, path = sample.path, method = sample.method): Generated => {
      // Fetch sends no body with GET or DELETE (it throws): those requests go without one.
      const body = method === 'GET' || method === 'DELETE' ? undefined : text
      if (body !== undefined) headers['content-type'] = 'application/json'
      return { method, path, headers, ...(body !== undefined && { body }) }
    }
    const json = sample.body === undefined ? undefined : JSON.stringify(sample.body)
    switch (variation) {
      case 'body':
        return mutatedBody(sample.body).map((body) => base(body === undefined ? undefined : JSON.stringify(body)))
      case 'raw-body':
        return fc.constantFrom('{', '[]', 'null', '"text"', '{"a":1,"a":2}', '', ' ', '{}').map((body) => base(body))
      case 'bom':
        return fc.constant(base(`\uFEFF${json ?? '{}'}`))
      case 'deep':
        return fc
          .constantFrom(60, 64, 65, 200)
          .map((depth) => base(JSON.stringify({ ...(sample.body as object), extra: nested(depth) })))
      case 'path': {
        const parts = sample.path.split('?')[0]!.split('/')
        const i = 1 + (pick % Math.max(1, parts.length - 1))
        return fc
          .constantFrom(
            UNKNOWN_ADDRESS,
            '0xZZ',
            '%E0%A4%A',
            'a'.repeat(300),
            `${parts[i]}/`,
            (parts[i] ?? '').toUpperCase(),
            '..',
          )
          .map((segment) => {
            const copy = [...parts]
            copy[i] = segment
            return base(json, copy.join('/'))
          })
      }
      case 'query':
        return fc
          .constantFrom(
            'marketplace=true',
            'marketplace=yes',
            'marketplace=true&marketplace=false',
            `contractAddress=${UNKNOWN_ADDRESS}`,
            'contractAddress=0x1',
            'x=1',
          )
          .map((query) => base(json, `${sample.path}${sample.path.includes('?') ? '&' : '?'}${query}`))
      case 'method':
        return fc
          .constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH')
          .map((method) =>
            base(method === 'GET' || method === 'DELETE' ? undefined : (json ?? '{}'), sample.path, method),
          )
      default:
        return fc.constant(base(json))
    }
  })

/** Control-route requests whose answers do not depend on timing (health and the journal do). */
const controlRequest: fc.Arbitrary<Generated> = fc.oneof(
  fc
    .constantFrom(
      '',
      '?table=debtTokens',
      '?table=nope',
      '?limit=2',
      '?limit=-1',
      '?limit=x',
      '?table=users&table=users',
    )
    .map((query) => ({ method: 'GET', path: `/__sim/state${query}`, headers: {} })),
  fc.constantFrom('GET', 'DELETE').map((method) => ({ method, path: '/__sim/scenario', headers: {} })),
  fc
    .oneof(
      fc.constantFrom(
        { name: 'flaky-backend' },
        { name: 'nope' },
        { name: '' },
        { name: 'a b' },
        { name: 1 },
        {},
        { scenario: { description: 'x', rules: [] } },
      ),
      fc.record({ name: fc.string({ maxLength: 12 }) }),
    )
    .map((body) => ({
      method: 'PUT',
      path: '/__sim/scenario',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })),
  fc
    .constantFrom(
      { now: '2026-06-01T00:00:00Z' },
      { now: '2026-02-30T00:00:00Z' },
      { now: 'soon' },
      { advanceMs: 86_400_000 },
      { advanceMs: -1 },
      { advanceMs: 1e308 },
      {},
    )
    .map((body) => ({
      method: 'PUT',
      path: '/__sim/clock',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })),
  fc
    .constantFrom('{', '[]', '', 'null')
    .map((body) => ({ method: 'PUT', path: '/__sim/clock', headers: { 'content-type': 'application/json' }, body })),
  fc
    .constantFrom('/__sim/sessions/nope', '/__sim/sessions/bad%20id')
    .map((path) => ({ method: 'DELETE', path, headers: {} })),
)

// ---------------------------------------------------------------------------------------------

async function agree(request: Generated): Promise<void> {
  inProcess.reset()
  standalone.simulator.reset()
  const before = fingerprint(inProcess)
  expect(fingerprint(standalone.simulator)).toBe(before)
  const local = await sendInProcess(request)
  const remote = await sendStandalone(request)
  const where = `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body?.slice(0, 200) ?? ''}`
  expect(remote.status, `standalone 5xx for ${where}: ${remote.body}`).toBeLessThan(500)
  if (local === 'unhandled') {
    // No msw handler matched (an unknown path or method): the documented difference; the server says
    // 404/405. Under msw 2 and msw 3 alike: the handlers' patterns match literals in any case.
    expect([404, 405], where).toContain(remote.status)
    return
  }
  expect(local.status, `in-process 5xx for ${where}: ${local.body}`).toBeLessThan(500)
  expect({ status: remote.status, headers: remote.headers, body: remote.body }, where).toEqual({
    status: local.status,
    headers: local.headers,
    body: local.body,
  })
  if (local.status >= 400 && request.method !== 'GET') {
    expect(fingerprint(inProcess), `a refused write changed the in-process world: ${where}`).toBe(before)
    expect(fingerprint(standalone.simulator), `a refused write changed the standalone world: ${where}`).toBe(before)
  }
}

describe('the in-process msw runtime and the standalone server', () => {
  it('answer every generated API request alike, never 5xx, and a refusal changes nothing', async () => {
    await fc.assert(fc.asyncProperty(apiRequest, agree), { numRuns: RUNS, seed: SEED, endOnFailure: true })
  }, 120_000)

  it('answer every generated control-route request alike', async () => {
    await fc.assert(fc.asyncProperty(controlRequest, agree), { numRuns: 100, seed: SEED, endOnFailure: true })
  }, 60_000)
})

/**
 * A request is routed once (issue 32): the msw handler's predicate matches it, and the match it
 * computed is what the generator gate and the pipeline use, rather than each routing it again. The
 * router module is wrapped in a counter; each request, whatever it is, costs one call.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromFetchRequest } from '../../src/http/sim-request.ts'
import { matchRoute } from '../../src/pipeline/router.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { strictListenOptions } from '../../src/runtimes/node.ts'
import { samples } from '../support/samples.ts'

vi.mock('../../src/pipeline/router.ts', async (importOriginal) => {
  const router = await importOriginal<typeof import('../../src/pipeline/router.ts')>()
  return { ...router, matchRoute: vi.fn(router.matchRoute) }
})

const API = 'http://api.routed-once.test'
const AUTH = { authorization: 'Bearer routed-once' }
const routerCalls = () => vi.mocked(matchRoute).mock.calls.length

describe('in-process, a request is routed once', () => {
  const simulator = createSimulator({ baseUrl: API })
  const server = setupServer(...simulator.handlers)
  beforeAll(() => server.listen(strictListenOptions))
  afterAll(() => server.close())
  beforeEach(() => {
    vi.mocked(matchRoute).mockClear()
  })

  const sample = samples.createInvestorPayment
  it.each([
    ['a read', 'GET', '/securityToken', {}, undefined, 200],
    ['a write', sample.method, sample.path, { 'content-type': 'application/json' }, JSON.stringify(sample.body), 200],
    [
      'a read naming a scenario (the generator gate)',
      'GET',
      '/securityToken',
      { 'x-sim-scenario': 'empty-world' },
      undefined,
      200,
    ],
    ['a refused write', 'POST', '/investor', { 'content-type': 'application/json' }, '{}', 400],
    ['a path that is not validly percent-encoded', 'GET', '/users/%E0%A4%A', {}, undefined, 400],
  ] as const)('through the msw handler: %s', async (_name, method, path, headers, body, status) => {
    const response = await fetch(`${API}${path}`, { method, headers: { ...AUTH, ...headers }, body })
    await response.text()
    expect(response.status).toBe(status)
    expect(routerCalls()).toBe(1)
  })

  it('through host.handle(), for a caller that has no match', async () => {
    const request = fromFetchRequest(new Request(`${API}/securityToken`, { headers: AUTH }))
    expect((await simulator.host.handle(request)).status).toBe(200)
    expect(routerCalls()).toBe(1)
  })
})

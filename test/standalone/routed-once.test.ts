/**
 * A request is routed once on the standalone server too (issue 32): the listener matches it, and
 * the generator gate, the pipeline or the control API take that match rather than routing it again.
 * The router module is wrapped in a counter; each request, API or control, costs one call.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { matchRoute } from '../../src/pipeline/router.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { samples } from '../support/samples.ts'

vi.mock('../../src/pipeline/router.ts', async (importOriginal) => {
  const router = await importOriginal<typeof import('../../src/pipeline/router.ts')>()
  return { ...router, matchRoute: vi.fn(router.matchRoute) }
})

const AUTH = { authorization: 'Bearer routed-once' }
const JSON_TYPE = { 'content-type': 'application/json' }
const sample = samples.createInvestorPayment

describe('the standalone server routes a request once', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())
  beforeEach(() => {
    vi.mocked(matchRoute).mockClear()
  })

  it.each([
    ['an API read', 'GET', '/securityToken', AUTH, undefined, 200],
    ['an API write', sample.method, sample.path, { ...AUTH, ...JSON_TYPE }, JSON.stringify(sample.body), 200],
    [
      'an API read naming a scenario',
      'GET',
      '/securityToken',
      { ...AUTH, 'x-sim-scenario': 'empty-world' },
      undefined,
      200,
    ],
    ['an unknown path', 'GET', '/nowhere', AUTH, undefined, 404],
    ['a method the path does not take', 'PATCH', '/securityToken', AUTH, undefined, 405],
    ['a control read', 'GET', '/__sim/health', {}, undefined, 200],
    ['a control change that may generate', 'PUT', '/__sim/scenario', JSON_TYPE, '{"name":"empty-world"}', 200],
    ['a control path no route takes', 'GET', '/__sim/nowhere', {}, undefined, 404],
    ['a control path that is not validly percent-encoded', 'DELETE', '/__sim/sessions/%E0%A4%A', {}, undefined, 400],
  ] as const)('%s', async (_name, method, path, headers, body, status) => {
    const response = await fetch(`${server.url}${path}`, { method, headers, body })
    await response.text()
    expect(response.status).toBe(status)
    expect(vi.mocked(matchRoute).mock.calls.length).toBe(1)
  })
})

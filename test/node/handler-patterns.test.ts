/**
 * The simulator's one msw handler matches exactly the requests for the API under its base URL: a
 * URL it matched and the router did not answer would be "handled" with no answer, hidden from
 * onUnhandledRequest; one the router knows and the handler missed would never reach the simulator
 * in-process. Checked on every sample, on their case and trailing-slash variants, under each kind
 * of base URL, and on paths fast-check builds from the API's own segments.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/operations.ts'
import { matchRoute } from '../../src/pipeline/router.ts'
import { apiRouteMatcher } from '../../src/runtimes/msw/handlers.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { samples } from '../support/samples.ts'

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']

/** Whether the handler under `baseUrl` takes a request (its predicate: a route, or none). */
function apiRequestMatcher(baseUrl: string): (method: string, url: string) => boolean {
  const routeOf = apiRouteMatcher(baseUrl)
  return (method, url) => routeOf(method, url) !== null
}
const anyOrigin = apiRequestMatcher('*')
const origin = apiRequestMatcher('https://api.example.test')
const prefixed = apiRequestMatcher('https://api.example.test/v1/')
const relative = apiRequestMatcher('/v1')

describe('the msw handler', () => {
  it('is one handler for the whole API', () => {
    expect(createSimulator().handlers).toHaveLength(1)
  })

  it('matches every sample, in any case and with a trailing slash, on any origin or under the base URL', () => {
    for (const sample of Object.values(samples)) {
      const path = sample.path.split('?')[0]!
      for (const variant of [path, `${path}/`, path.toUpperCase()]) {
        expect(anyOrigin(sample.method, `http://api.test${variant}`), variant).toBe(true)
        expect(origin(sample.method, `https://api.example.test${variant}?q=1`)).toBe(true)
        expect(prefixed(sample.method, `https://api.example.test/v1${variant}`)).toBe(true)
        expect(prefixed(sample.method, `https://api.example.test/V1${variant}`)).toBe(true)
        expect(relative(sample.method, `http://localhost:5173/v1${variant}`)).toBe(true)
      }
      expect(origin(sample.method, `https://other.test${path}`)).toBe(false)
      expect(origin(sample.method, `http://api.example.test${path}`)).toBe(false)
      expect(prefixed(sample.method, `https://api.example.test${path}`)).toBe(false)
      expect(prefixed(sample.method, `https://api.example.test/v10${path}`)).toBe(false)
      expect(anyOrigin(sample.method, `http://api.test/prefix${path}`)).toBe(false)
      expect(anyOrigin('PATCH', `http://api.test${path}`)).toBe(false)
    }
  })

  it('matches exactly the requests the router answers', () => {
    const literals = [...new Set(operations.flatMap((operation) => operation.path.split('/')))].filter(
      (segment) => segment !== '' && !segment.startsWith('{'),
    )
    const segment = fc.oneof(
      fc.constantFrom(...literals),
      fc.constantFrom(...literals.map((literal) => literal.toUpperCase())),
      fc.constantFrom('', '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3', '12', '%E0%A4%A', '%41bc', '..', 'a%2Fb'),
      fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/),
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (method, segments, slash) => {
          const path = `/${segments.join('/')}${slash ? '/' : ''}`
          const url = new URL(`http://api.test${path}`)
          const kind = matchRoute(method, url.pathname).kind
          expect(anyOrigin(method, url.href), `${method} ${path}`).toBe(kind === 'operation' || kind === 'bad-path')
        },
      ),
      { seed: 12, numRuns: propertyRuns(3000) },
    )
  })

  it('refuses a base URL it cannot read', () => {
    expect(() => createSimulator({ baseUrl: 'api.example.test' })).toThrow(/baseUrl/)
  })
})

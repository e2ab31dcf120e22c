/**
 * The msw handlers match exactly the requests the router gives an operation (or its 400 for a
 * malformed escape): a URL a handler matched and the router did not would be "handled" with no
 * answer, hidden from onUnhandledRequest; one the router knows and no handler matched would never
 * reach the simulator in-process. Checked on every sample, on their case and trailing-slash
 * variants, and on paths fast-check builds from the API's own segments.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/operations.ts'
import { matchRoute } from '../../src/pipeline/router.ts'
import { apiUrlPattern } from '../../src/runtimes/msw/handlers.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { samples } from '../support/samples.ts'

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']
const routed = (method: string, path: string) => {
  const kind = matchRoute(method, path).kind
  return kind === 'operation' || kind === 'bad-path'
}
const matches = (baseUrl: string, method: string, url: string) =>
  METHODS.slice(0, 4).includes(method) && apiUrlPattern(baseUrl, method).test(url)

describe('msw handler patterns', () => {
  it('are one handler per method the API uses', () => {
    expect(createSimulator().handlers).toHaveLength(new Set(operations.map((operation) => operation.method)).size)
  })

  it('match every sample, in any case and with a trailing slash, on any origin or under the base URL', () => {
    for (const sample of Object.values(samples)) {
      const path = sample.path.split('?')[0]!
      for (const variant of [path, `${path}/`, path.toUpperCase()]) {
        expect(matches('*', sample.method, `http://api.test${variant}`), variant).toBe(true)
        expect(matches('https://api.example.test', sample.method, `https://api.example.test${variant}`)).toBe(true)
        expect(matches('https://api.example.test/v1/', sample.method, `https://api.example.test/v1${variant}`)).toBe(
          true,
        )
        expect(matches('/v1', sample.method, `http://localhost:5173/v1${variant}`)).toBe(true)
      }
      expect(matches('https://api.example.test', sample.method, `https://other.test${path}`)).toBe(false)
      expect(matches('https://api.example.test/v1', sample.method, `https://api.example.test${path}`)).toBe(false)
      expect(matches('*', sample.method, `http://api.test/prefix${path}`)).toBe(false)
    }
  })

  it('match exactly the requests the router answers', () => {
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
          expect(matches('*', method, `http://api.test${path}`), `${method} ${path}`).toBe(routed(method, path))
        },
      ),
      { seed: 12, numRuns: 3000 },
    )
  })
})

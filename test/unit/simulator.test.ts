/** The simulator as a library: determinism, isolation between instances, coverage of the contract. */
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/operations.ts'
import { matchRoute, operationsInMatchOrder } from '../../src/pipeline/router.ts'
import { resolvers } from '../../src/resolvers/index.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { samples } from '../support/samples.ts'

function simRequest(method: string, path: string, body?: unknown) {
  const [pathname, search = ''] = path.split('?')
  return {
    method,
    path: pathname!,
    query: new URLSearchParams(search),
    header: (name: string) =>
      name === 'authorization' ? 'Bearer t' : name === 'content-type' ? 'application/json' : null,
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  }
}

/** Runs every sample request (writes included) and returns the response bodies. */
async function transcript(seed?: number) {
  const simulator = createSimulator(seed === undefined ? {} : { seed })
  const out: string[] = []
  for (const id of Object.keys(samples) as (keyof typeof samples)[]) {
    const sample = samples[id]
    out.push((await simulator.host.handle(simRequest(sample.method, sample.path, sample.body))).body!)
  }
  return out
}

describe('determinism', () => {
  it('gives byte-identical responses for the same seed, run after run', async () => {
    const [a, b] = [await transcript(), await transcript()]
    expect(a).toEqual(b)
    expect(await transcript(99)).not.toEqual(a)
  })
})

describe('isolation', () => {
  it('shares nothing between instances', async () => {
    const one = createSimulator()
    const two = createSimulator()
    await one.host.handle(simRequest('POST', '/securityToken', { data: {} }))
    expect(one.model.securityTokens.count()).toBe(4)
    expect(two.model.securityTokens.count()).toBe(3)
    one.clock.advance(1000)
    expect(two.clock.now().getTime()).not.toBe(one.clock.now().getTime())
  })
})

describe('contract coverage', () => {
  it('has a resolver and a sample request for every operation of the table', () => {
    // The operation table and the samples name the same operations (no count written here: adding an
    // endpoint means adding its sample, which this then checks).
    expect(operations.map((operation) => operation.id).sort()).toEqual(Object.keys(samples).sort())
    for (const operation of operations) {
      expect(resolvers[operation.id], operation.id).toBeTypeOf('function')
      expect(samples[operation.id], operation.id).toBeDefined()
    }
  })

  it('routes every sample to its own operation', () => {
    for (const operation of operations) {
      const sample = samples[operation.id]
      const match = matchRoute(sample.method, sample.path.split('?')[0]!)
      expect(match.kind === 'operation' && match.operation.id, operation.id).toBe(operation.id)
    }
    const precedence = operationsInMatchOrder.map((op) => op.id)
    expect(precedence.indexOf('listSecurityTokenDebtTokens')).toBeLessThan(precedence.indexOf('listManagerPayments'))
  })
})

/**
 * The proxy's contract check (src/proxy/contract-drift.ts): the simulator's own answers keep to
 * the contract (no false drift), and each kind of departure a real service may show is named.
 */
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { ErrorBody } from '../../src/contract/error-body.ts'
import { findOperation, type Operation, operations } from '../../src/contract/operations.ts'
import { answerDrift, MAX_DRIFT_LINES } from '../../src/proxy/contract-drift.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { samples } from '../support/samples.ts'

const simulator = createSimulatorCore()

async function answer(operation: Operation, authorization = 'Bearer drift-check') {
  const sample = samples[operation.id]
  const url = new URL(sample.path, 'http://sim.test')
  const body = sample.body === undefined ? '' : JSON.stringify(sample.body)
  const response = await simulator.handle({
    method: sample.method,
    path: url.pathname,
    query: url.searchParams,
    header: (name) =>
      name === 'authorization' ? authorization : name === 'content-type' && body !== '' ? 'application/json' : null,
    text: async () => body,
  })
  return {
    status: response.status,
    contentType: response.headers['content-type'] ?? null,
    body: JSON.parse(response.body!),
  }
}

describe('contract drift', () => {
  it("finds none in the simulator's own answers, success and error alike", async () => {
    for (const operation of operations) {
      const ok = await answer(operation)
      expect(ok.status, operation.id).toBe(200)
      expect(answerDrift(operation, ok.status, ok.contentType, ok.body), operation.id).toEqual([])
      const refused = await answer(operation, 'Basic x')
      expect(answerDrift(operation, refused.status, refused.contentType, refused.body), operation.id).toEqual([])
    }
  })

  it('names an undeclared status, a missing, unknown or mistyped field, a broken format and a wrong content type', async () => {
    const operation = findOperation('listSecurityTokens')!
    const { body } = await answer(operation)
    const [first, ...rest] = body as Record<string, unknown>[]
    const { contractAddress: _dropped, ...withoutAddress } = first!
    const drifted = [
      { ...withoutAddress, extra: 1, symbol: 42 },
      { ...rest[0], contractAddress: '0x12' },
    ]
    const lines = answerDrift(operation, 200, 'text/plain', drifted)
    expect(lines).toContain('content-type is "text/plain", the contract says application/json')
    expect(lines).toContain('body[0].contractAddress is required by the contract but missing')
    expect(lines).toContain('body[0].extra is not in the contract')
    expect(lines.some((line) => line.startsWith('body[0].symbol must be string, got 42'))).toBe(true)
    expect(lines.some((line) => line.startsWith('body[1].contractAddress breaks its format'))).toBe(true)
    expect(answerDrift(operation, 418, 'application/json', { statusCode: 418 })).toEqual([
      expect.stringMatching(/^status 418 is not declared for listSecurityTokens \(declared: 200, .*401/),
      'body (error shape).error is required by the contract but missing',
      'body (error shape).message is required by the contract but missing',
      'body (error shape).statusCode must be string, got 418',
    ])
  })

  it('stops at a bounded number of lines, and says so', () => {
    const operation = findOperation('listSecurityTokens')!
    const lines = answerDrift(
      operation,
      200,
      'application/json',
      Array.from({ length: 100 }, () => 1),
    )
    expect(lines).toHaveLength(MAX_DRIFT_LINES + 1)
    expect(lines.at(-1)).toMatch(/the first 20 differences/)
  })

  it('reads every keyword the published response schemas use (a new one fails here, not silently)', () => {
    const checked = [
      '$ref',
      'type',
      'properties',
      'required',
      'additionalProperties',
      'items',
      'enum',
      'const',
      'pattern',
      'minimum',
      'maximum',
      'minItems',
    ]
    const annotations = [
      '$schema',
      '$defs',
      'description',
      'examples',
      'format',
      'x-enum-varnames',
      'x-enum-descriptions',
    ]
    const used = new Set<string>()
    const walk = (schema: unknown): void => {
      if (Array.isArray(schema)) {
        for (const item of schema) walk(item)
        return
      }
      if (schema === null || typeof schema !== 'object') return
      for (const [keyword, value] of Object.entries(schema)) {
        used.add(keyword)
        if (keyword === 'properties' || keyword === '$defs') Object.values(value as object).forEach(walk)
        else if (keyword !== 'examples' && keyword !== 'enum' && keyword !== 'const') walk(value)
      }
    }
    for (const schema of [...operations.map((operation) => operation.response), ErrorBody])
      walk(z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }))
    expect([...used].filter((keyword) => !checked.includes(keyword) && !annotations.includes(keyword))).toEqual([])
  })
})

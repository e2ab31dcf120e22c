/**
 * Bounded, seeded fuzzing of every operation: mutated bodies, params and queries must never get a
 * 5xx, and a refused request must leave the model exactly as it was. Runs through the router
 * (as the standalone server answers) and through msw's getResponse over the simulator's handlers.
 */
import { en, Faker } from '@faker-js/faker'
import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/operations.ts'
import { tableNames } from '../../src/model/world.ts'
import { createSimulator, type Simulator } from '../../src/runtimes/msw/simulator.ts'
import { samples } from '../support/samples.ts'

const ITERATIONS_PER_OPERATION = 60
const faker = new Faker({ locale: [en], seed: 424242 })

function weirdValue(): unknown {
  return faker.helpers.arrayElement([
    null,
    true,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    'null',
    '0x',
    `0x${'f'.repeat(40)}`,
    `0x${'F'.repeat(64)}`,
    '2026-02-30',
    '2026-03-01T25:00:00Z',
    '💥',
    '\u0000',
    '%',
    '../../etc/passwd',
    '<script>',
    'a'.repeat(5000),
    [],
    {},
    [1, 2],
    { $gt: '' },
    faker.string.alphanumeric({ length: { min: 1, max: 30 } }),
    faker.number.float({ min: -1e6, max: 1e6 }),
  ])
}

function mutate(value: unknown, depth = 0): unknown {
  if (depth > 4 || faker.number.int(9) === 0) return weirdValue()
  if (Array.isArray(value)) return faker.datatype.boolean() ? [] : value.map((item) => mutate(item, depth + 1))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) {
      const roll = faker.number.int(5)
      if (roll === 0) continue // drop a field
      out[key] = roll === 1 ? mutate(child, depth + 1) : child
    }
    if (faker.number.int(6) === 0) out[faker.string.alpha(6)] = weirdValue()
    return out
  }
  return faker.number.int(2) === 0 ? weirdValue() : value
}

function mutatePath(path: string): string {
  const [pathname, query] = path.split('?')
  const parts = pathname!.split('/')
  const i = faker.number.int({ min: 1, max: parts.length - 1 })
  if (faker.number.int(3) === 0) parts[i] = encodeURIComponent(String(weirdValue())).slice(0, 200)
  if (faker.number.int(8) === 0) parts[i] = '%E0%A4%A'
  const search =
    query === undefined
      ? faker.number.int(4) === 0
        ? `marketplace=${String(weirdValue())}`
        : undefined
      : faker.number.int(2) === 0
        ? `contractAddress=${encodeURIComponent(String(weirdValue()))}`
        : query
  return `${parts.join('/')}${search === undefined ? '' : `?${search}`}`
}

function fingerprint(simulator: Simulator): string {
  return JSON.stringify(tableNames.map((name) => simulator.model[name].all()))
}

type Send = (simulator: Simulator, method: string, path: string, body: string | undefined) => Promise<number>

const viaRouter: Send = async (simulator, method, path, body) => {
  const [pathname, search = ''] = path.split('?')
  const reply = await simulator.host.handle({
    method,
    path: pathname!,
    query: new URLSearchParams(search),
    header: (name) => (name === 'authorization' ? 'Bearer fuzz' : null),
    text: async () => body ?? '',
  })
  return reply.networkError ? 0 : reply.status
}

const viaMsw: Send = async (simulator, method, path, body) => {
  const request = new Request(`http://api.fuzz.test${path}`, {
    method,
    headers: { authorization: 'Bearer fuzz' },
    ...(body !== undefined && { body }),
  })
  const response = await getResponse(simulator.handlers, request)
  return response?.status ?? 404
}

for (const [engine, send] of [
  ['router', viaRouter],
  ['msw handlers', viaMsw],
] as const) {
  describe(`fuzzing through the ${engine}`, () => {
    for (const operation of operations) {
      it(`${operation.id}: never a 5xx; a refusal changes nothing`, async () => {
        const simulator = createSimulator()
        const sample = samples[operation.id]
        for (let i = 0; i < ITERATIONS_PER_OPERATION; i++) {
          const before = fingerprint(simulator)
          const path = faker.number.int(2) === 0 ? mutatePath(sample.path) : sample.path
          const body =
            sample.body === undefined
              ? undefined
              : faker.number.int(10) === 0
                ? '{"broken":'
                : JSON.stringify(mutate(sample.body))
          const status = await send(simulator, sample.method, path, body)
          expect(status, `${sample.method} ${path} ${body?.slice(0, 300)}`).toBeGreaterThanOrEqual(200)
          expect(status, `${sample.method} ${path} ${body?.slice(0, 300)}`).toBeLessThan(500)
          if (status >= 400) expect(fingerprint(simulator), `${sample.method} ${path} ${body}`).toBe(before)
        }
      })
    }
  })
}

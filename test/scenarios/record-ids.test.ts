/**
 * Recorded integer ids: the id a creation's answer assigned becomes a capture of that answer and a
 * `{{placeholder}}` where it appears afterwards under the path it was created at (path segments,
 * id-named query parameters and body members, words of the answers' text), and nowhere else.
 */
import { describe, expect, it } from 'vitest'
import { createSessionRecorder, type RecordedExchange } from '../../src/record-replay/record.ts'
import { parseScenario } from '../../src/scenarios/scenario-schema.ts'

const TOKEN = '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'
const MANAGER = '0x111927677a5a4fc8c2f1f755d13d4cde055a175e'

function exchange(method: string, target: string, body: unknown, status: number, answer: unknown): RecordedExchange {
  const [path = '', query = ''] = target.split('?')
  return {
    method,
    path,
    query,
    headers: {},
    body: body === undefined ? '' : JSON.stringify(body),
    response: { status, body: JSON.stringify(answer) },
  }
}

function record(...exchanges: RecordedExchange[]) {
  const recorder = createSessionRecorder({ description: 'ids' })
  for (const one of exchanges) recorder.add(one)
  const scenario = recorder.toScenario()
  expect(() => parseScenario(scenario, 'recorded')).not.toThrow()
  return scenario.steps!
}

const created = (id: number) =>
  exchange('POST', '/manager', { managerAddress: MANAGER, tokenAddress: TOKEN, amount: 7 }, 200, {
    status: 'success',
    message: `manager payment ${id} stored`,
    id,
  })

describe('integer ids a creation assigned', () => {
  it('are captured from its answer and named in later paths, bodies and answers under its path', () => {
    const [create, list, update, query] = record(
      created(7),
      exchange('GET', `/manager/${MANAGER}/${TOKEN}`, undefined, 200, [
        { id: 3, amount: 7, date: '2026-03-07T12:07:00.000Z' },
        { id: 7, amount: 7, date: '2026-03-07T12:07:00.000Z' },
      ]),
      exchange('PUT', `/manager/${TOKEN}/7`, { amount: 7, status: 'PAID', paymentId: 7 }, 200, {
        success: true,
        message: 'manager payment 7 updated',
      }),
      exchange('GET', '/manager?paymentId=7&amount=7&id=17', undefined, 200, {}),
    )
    expect(create!.capture).toEqual({ id: 'body.id' })
    expect(create!.request.body).toEqual({ managerAddress: MANAGER, tokenAddress: TOKEN, amount: 7 })
    expect(create!.expect.body).toEqual({ status: 'success', message: 'manager payment {{id}} stored', id: '{{id}}' })
    // The seeded payment 3, the amounts and the 07 of the dates stay as they were.
    expect(list!.expect.body).toEqual([
      { id: 3, amount: 7, date: '2026-03-07T12:07:00.000Z' },
      { id: '{{id}}', amount: 7, date: '2026-03-07T12:07:00.000Z' },
    ])
    expect(update!.request.path).toBe(`/manager/${TOKEN}/{{id}}`)
    expect(update!.request.body).toEqual({ amount: 7, status: 'PAID', paymentId: '{{id}}' })
    expect(update!.expect.body).toEqual({ success: true, message: 'manager payment {{id}} updated' })
    expect(query!.request.path).toBe('/manager?paymentId={{id}}&amount=7&id=17')
  })

  it('stay literal outside the path they were created at, and where a client sent them', () => {
    const [, investor, notCreated, refused] = record(
      created(7),
      exchange('PUT', `/investor/${MANAGER}/7`, { amount: 7 }, 404, { message: 'no investor payment 7' }),
      exchange('PUT', `/manager/${TOKEN}/9`, { amount: 1 }, 404, { message: 'no payment 9' }),
      exchange('POST', '/manager', { amount: 0 }, 400, { statusCode: '400', message: 'refused', id: 7 }),
    )
    expect(investor!.request.path).toBe(`/investor/${MANAGER}/7`)
    expect(investor!.expect.body).toEqual({ message: 'no investor payment 7' })
    expect(notCreated!.request.path).toBe(`/manager/${TOKEN}/9`)
    expect(refused!.capture).toBeUndefined() // a refusal assigned nothing
  })

  it('of one value created twice (a reset between) name the latest creation before the step', () => {
    const steps = record(
      created(1),
      exchange('PUT', `/manager/${TOKEN}/1`, { amount: 1 }, 200, {
        success: true,
        message: 'manager payment 1 updated',
      }),
      exchange('POST', '/__sim/reset', undefined, 200, { reset: true }),
      created(1),
      exchange('PUT', `/manager/${TOKEN}/1`, { amount: 1 }, 200, {
        success: true,
        message: 'manager payment 1 updated',
      }),
    )
    expect(steps.map((step) => step.capture)).toEqual([
      { id: 'body.id' },
      undefined,
      undefined,
      { id2: 'body.id' },
      undefined,
    ])
    expect(steps[1]!.request.path).toBe(`/manager/${TOKEN}/{{id}}`)
    expect(steps[4]!.request.path).toBe(`/manager/${TOKEN}/{{id2}}`)
    expect(steps[4]!.expect.body).toEqual({ success: true, message: 'manager payment {{id2}} updated' })
  })

  it('take names the generated values left free, and leave non-id members and nested names alone', () => {
    const address = '0x1aab0e22b0bb473d89bfad5fbf5c748892b6caa3'
    const [create, read] = record(
      exchange('POST', '/things', {}, 201, { id: address, thing: { thingId: 4, count: 4 } }),
      exchange('GET', `/things/${address}/4`, undefined, 200, { thingId: 4, count: 4, note: 'thing 4 of 4' }),
    )
    expect(create!.capture).toEqual({ id: 'body.id', thingId: 'body.thing.thingId' })
    expect(read!.request.path).toBe('/things/{{id}}/{{thingId}}')
    // In text every word 4 is the id: only answers under the creation's path are read this way.
    expect(read!.expect.body).toEqual({ thingId: '{{thingId}}', count: 4, note: 'thing {{thingId}} of {{thingId}}' })
  })
})

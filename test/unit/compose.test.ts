/**
 * The pipeline's compose: each step runs once per request and may call `next()` once. A step that
 * calls it twice would run every later step (the resolver, a write) again for one request; it gets
 * a clear error at the second call instead, answered as the documented 500.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { operations } from '../../src/contract/operations.ts'
import { fromFetchRequest, jsonResponse, type SimResponse } from '../../src/http/sim-request.ts'
import type { WorldState } from '../../src/model/world-state.ts'
import { compose, type PipelineContext, type Step } from '../../src/pipeline/compose.ts'
import type { Tenant } from '../../src/sessions/tenant.ts'

const operation = operations[0]!

/** A context for steps that read only the request and the operation. */
function context(): PipelineContext {
  return {
    operation,
    params: {},
    request: fromFetchRequest(new Request('http://api.compose.test/anything')),
    tenant: {} as Tenant,
    state: {} as WorldState,
    scenario: null,
    rule: null,
    caller: null,
    proxy: undefined,
  }
}

/** The last step: counts its runs and answers 200. */
function counted(): { step: Step; runs: () => number } {
  let runs = 0
  return {
    step: async () => {
      runs++
      return jsonResponse(200, { ok: true })
    },
    runs: () => runs,
  }
}

const messageOf = (response: SimResponse) => JSON.parse(String(response.body)).message as string

describe('compose', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('runs each step once when each calls next() once', async () => {
    const last = counted()
    const response = await compose([(_context, next) => next(), last.step])(context())
    expect(response.status).toBe(200)
    expect(last.runs()).toBe(1)
  })

  it.each([
    [
      'after awaiting the first',
      (async (_context, next) => {
        await next()
        return next()
      }) satisfies Step,
    ],
    [
      'at once',
      ((_context, next) => {
        void next()
        return next()
      }) satisfies Step,
    ],
  ])(
    'refuses a second next() from one step (%s): a 500 that says so, and the later steps ran once',
    async (_when, twice) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const last = counted()
      const response = await compose([(_context, next) => next(), twice, last.step])(context())
      expect(response.status).toBe(500)
      expect(messageOf(response)).toBe(
        `the simulator failed in ${operation.id}: pipeline step 2 of 3 called next() twice for ${operation.id}`,
      )
      expect(last.runs()).toBe(1)
      expect(logged).toHaveBeenCalledOnce()
    },
  )
})

/**
 * The `server.use()` example of docs/test-suites.md: a test's own msw handler beside the simulator's. msw tries
 * handlers added with `server.use()` first, so an override answers the route it names while every
 * other route, and the simulator's data, stay the simulator's; `server.resetHandlers()` drops the
 * override and the simulator answers that route again. Through real fetch under msw, as a user's
 * test runs it.
 */
import { HttpResponse, http } from 'msw'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'

const API = 'https://api.example.test'
const { simulator, server } = setupSimulatorServer()
beforeAll(() => server.listen(strictListenOptions))
afterEach(() => {
  server.resetHandlers() // drops the overrides: the simulator answers every route again
  simulator.reset()
})
afterAll(() => server.close())

const auth = { authorization: 'Bearer test', 'content-type': 'application/json' }
const manager = '0x111927677a5a4fc8c2f1f755d13d4cde055a175e'
const token = '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'
const listSecurityTokens = () => fetch(`${API}/securityToken`, { headers: auth })

it('answers an overridden route with the override, and the other routes with the simulator, until resetHandlers', async () => {
  const seeded = await listSecurityTokens()
  expect(seeded.status).toBe(200)
  expect(await seeded.json()).toHaveLength(3)

  // docs/test-suites.md's example: one route answers what the contract never does, for this test only.
  server.use(
    http.get(`${API}/securityToken`, () =>
      HttpResponse.json({ statusCode: '503', error: 'Service Unavailable', message: 'maintenance' }, { status: 503 }),
    ),
  )
  const overridden = await listSecurityTokens()
  expect(overridden.status).toBe(503)
  expect(await overridden.json()).toEqual({ statusCode: '503', error: 'Service Unavailable', message: 'maintenance' })

  // Beside it, the simulator still answers, validates and stores.
  const created = await fetch(`${API}/manager`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ managerAddress: manager, tokenAddress: token, amount: 1500, serie: 'SENIOR' }),
  })
  expect(created.status).toBe(200)
  expect((await fetch(`${API}/manager`, { method: 'POST', headers: auth, body: '{}' })).status).toBe(400)
  expect(simulator.journal.list({ operation: 'listSecurityTokens' })).toHaveLength(1) // the override's call never reached it

  server.resetHandlers()
  const back = await listSecurityTokens()
  expect(back.status).toBe(200)
  expect(await back.json()).toHaveLength(3)
  // resetHandlers drops handlers, not data: the payment stored meanwhile is still there.
  const payments = await (await fetch(`${API}/manager/${manager}/${token}`, { headers: auth })).json()
  expect(payments.at(-1)).toMatchObject({ amount: 1500, serie: 'SENIOR', status: 'PENDING' })
})

it("lets a test add a handler for another service beside the simulator's (strict listen options still hold)", async () => {
  server.use(http.get('https://prices.example.test/brl', () => HttpResponse.json({ usd: 0.2 })))
  expect(await (await fetch('https://prices.example.test/brl')).json()).toEqual({ usd: 0.2 })
  expect((await listSecurityTokens()).status).toBe(200)
  server.resetHandlers()
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    await expect(fetch('https://prices.example.test/brl')).rejects.toThrow()
    expect(String(printed.mock.calls[0]?.[0])).toContain('https://prices.example.test/brl')
  } finally {
    printed.mockRestore()
  }
})

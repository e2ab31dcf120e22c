// A Jest suite in ESM mode (package.json: "type": "module"; `npm test` runs
// `node --experimental-vm-modules node_modules/jest/bin/jest.js`) against the simulator in-process,
// with msw 3, whose modules are ES modules only. `it`, `expect` and the hooks are Jest's globals.
import { setupSimulatorServer, strictListenOptions } from 'debt-token-simulator/node'

const api = 'https://api.example.test'
const { simulator, server } = setupSimulatorServer({ baseUrl: api })
beforeAll(() => server.listen(strictListenOptions)) // a request no handler answers fails the test
afterEach(() => simulator.reset()) // back to the seeded world, without a scenario
afterAll(() => server.close())

/** One call to the API as the app makes it: JSON in, status and JSON body out. */
async function call(method, path, body) {
  const headers = { authorization: 'Bearer jest-example', 'content-type': 'application/json' }
  const response = await fetch(`${api}${path}`, { method, headers, body: body && JSON.stringify(body) })
  return { status: response.status, body: await response.json() }
}

// A manager and one of their security tokens in the seeded world (the package's fixtures/).
const manager = '0x111927677a5a4fc8c2f1f755d13d4cde055a175e'
const token = '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'
const payments = `/manager/${manager}/${token}`

it('reads back the manager payment it created and then updated', async () => {
  const input = { managerAddress: manager, tokenAddress: token, amount: 1500, serie: 'SENIOR', type: 'JUROS' }
  const created = await call('POST', '/manager', input)
  expect(created.status).toBe(200)
  const { id } = created.body

  const update = { hash: `0x${'ab'.repeat(32)}`, date: '2026-03-02T09:00:00.000Z', status: 'PAID', amount: 1520 }
  const updated = await call('PUT', `/manager/${token}/${id}`, update)
  expect(updated).toEqual({ status: 200, body: { success: true, message: `manager payment ${id} updated` } })

  const listed = await call('GET', payments)
  expect(listed.status).toBe(200)
  expect(listed.body.filter((payment) => payment.id === id)).toEqual([{ id, ...input, ...update }])
})

it("answers a scenario's 400 in the documented shape, and stores nothing", async () => {
  const before = await call('GET', payments)
  simulator.scenarios.use('manager-payment-rejected') // amortizations fail for lack of vault balance
  const refused = await call('POST', '/manager', {
    managerAddress: manager,
    tokenAddress: token,
    amount: 500,
    type: 'AMORTIZACAO',
  })
  expect(refused).toEqual({
    status: 400,
    body: {
      statusCode: '400',
      error: 'Bad Request',
      message: 'Insufficient balance in vault for amortization payment',
    },
  })
  expect(await call('GET', payments)).toEqual(before)
})

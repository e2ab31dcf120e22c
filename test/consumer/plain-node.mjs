// Plain Node, no loader: the package's entries import and the README's setupSimulatorServer example
// runs (Node 20 with msw 2, Node 24 with msw 3). Exits non-zero on any mismatch.
import assert from 'node:assert/strict'
import { createSimulator } from 'debt-token-simulator'
import { setupSimulatorServer, strictListenOptions } from 'debt-token-simulator/node'
import { startStandaloneServer } from 'debt-token-simulator/standalone'

const auth = { authorization: 'Bearer test', 'content-type': 'application/json' }
const manager = '0x111927677a5a4fc8c2f1f755d13d4cde055a175e'
const token = '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'

const core = createSimulator()
// The API is one msw handler routed by the simulator (runtimes/msw/handlers.ts).
assert.ok(Array.isArray(core.handlers) && core.handlers.length >= 1, 'msw handlers to install')

const { simulator, server } = setupSimulatorServer()
server.listen(strictListenOptions)
try {
  const created = await fetch('https://api.example.test/manager', {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ managerAddress: manager, tokenAddress: token, amount: 1500, serie: 'SENIOR' }),
  })
  assert.equal(created.status, 200)
  const listed = await (await fetch(`https://api.example.test/manager/${manager}/${token}`, { headers: auth })).json()
  assert.deepEqual(
    { amount: listed.at(-1).amount, serie: listed.at(-1).serie, status: listed.at(-1).status },
    { amount: 1500, serie: 'SENIOR', status: 'PENDING' },
  )
  simulator.reset()
  const afterReset = await (
    await fetch(`https://api.example.test/manager/${manager}/${token}`, { headers: auth })
  ).json()
  assert.equal(afterReset.length, listed.length - 1)
} finally {
  server.close()
}

const standalone = await startStandaloneServer({ port: 0 })
try {
  const response = await fetch(`${standalone.url}/securityToken`, { headers: auth })
  assert.equal(response.status, 200)
  assert.ok((await response.json()).length >= 3)
} finally {
  await standalone.close()
}
console.log(`plain Node ${process.version}: debt-token-simulator imports and answers`)

// One file of a vitest suite that leaves API coverage parts (DEBT_TOKEN_SIMULATOR_COVERAGE_DIR, set by
// .ci/consumer.sh); each file runs in a worker of its own, in parallel.
import { setupSimulatorServer, strictListenOptions } from 'debt-token-simulator/node'
import { afterAll, beforeAll, it } from 'vitest'
import { API, auth, sendRequests } from './send.mjs'

const { server } = setupSimulatorServer({ baseUrl: API })
beforeAll(() => server.listen(strictListenOptions))
afterAll(() => server.close())

it('meets the API', async () => {
  await sendRequests('vitest-c', [
    ['/debtToken/debtor/0x0000000000000000000000000000000000000001', auth],
    ['/users/nobody'],
    ['/securityToken', auth],
    ['/securityToken', auth],
  ])
})

// A Jest suite (ESM mode) that leaves its API coverage part in the directory its option names.
import { setupSimulatorServer, strictListenOptions } from 'debt-token-simulator/node'
import { API, auth, sendRequests } from './send.mjs'

const { server } = setupSimulatorServer({ baseUrl: API, coverage: { dir: 'api-coverage' } })
beforeAll(() => server.listen(strictListenOptions))
afterAll(() => server.close())

it('meets the API', async () => {
  await sendRequests('jest', [
    ['/securityToken', auth],
    ['/users/nobody', auth],
    [
      '/securityToken',
      { method: 'POST', headers: { ...auth.headers, 'content-type': 'application/json' }, body: '{}' },
    ],
  ])
})

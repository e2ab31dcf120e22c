/** `simulator.journal.toHar()` in-process: what a test's real `fetch` calls were, as a HAR 1.2 file. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'

const API = 'https://api.example.test'
const TOKEN = 'sk_live_in_process_secret'
const { simulator, server } = setupSimulatorServer({ baseUrl: API })
beforeAll(() => server.listen(strictListenOptions))
beforeEach(() => simulator.reset())
afterAll(() => server.close())

const call = (path: string, init: RequestInit = {}, headers: Record<string, string> = {}) =>
  fetch(`${API}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
  })

describe('journal.toHar() in-process', () => {
  it('answers the requests a test made, their URLs on the simulator’s baseUrl and the token masked', async () => {
    await call('/securityToken?limit=1')
    const payment = JSON.stringify({
      managerAddress: '0x111927677a5a4fc8c2f1f755d13d4cde055a175e',
      tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
      amount: 1500,
      serie: 'SENIOR',
    })
    const created = await call('/manager', { method: 'POST', body: payment }, { 'x-sim-session': 'qa-1' })
    const har = await simulator.journal.toHar()
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries.map((entry) => [entry.request.method, entry.request.url, entry.response.status])).toEqual([
      ['GET', `${API}/securityToken?limit=1`, 200],
      ['POST', `${API}/manager`, created.status],
    ])
    const text = JSON.stringify(har)
    expect(text).not.toContain(TOKEN)
    expect(har.log.entries[0]!.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer ***1' })
    expect(har.log.entries[1]!.request.postData).toEqual({ mimeType: 'application/json', text: payment })
    expect(har.log.entries[1]!.response.content.text).toBe(await created.text())
    // The list is longer than the journal keeps: left out, with a comment, rather than cut mid-JSON.
    expect(har.log.entries[0]!.response.content).toMatchObject({ size: -1, comment: expect.stringMatching(/left out/) })
    expect(har.log.entries[0]!.response.content.text).toBeUndefined()
  })

  it('takes the journal’s filter and an origin of its own', async () => {
    await call('/securityToken')
    await call('/securityToken', {}, { 'x-sim-session': 'qa-2' })
    const har = await simulator.journal.toHar({ session: 'qa-2', baseUrl: 'http://127.0.0.1:9999/' })
    expect(har.log.entries.map((entry) => entry.request.url)).toEqual(['http://127.0.0.1:9999/securityToken'])
    expect(har.log.entries[0]!._session).toBe('qa-2')
  })

  it('starts URLs at http://localhost when the simulator names no origin', async () => {
    const bare = createSimulator()
    await bare.host.handle({
      method: 'GET',
      path: '/securityToken',
      query: new URLSearchParams(),
      header: () => null,
      text: async () => '',
    })
    const [entry] = (await bare.journal.toHar()).log.entries
    expect(entry!.request.url).toBe('http://localhost/securityToken')
    expect(entry!.response.status).toBe(401)
  })
})

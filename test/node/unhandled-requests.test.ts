/**
 * In-process, the simulator handles only its API: other requests stay unhandled, so msw's
 * onUnhandledRequest policy applies to them (here: 'error', which makes fetch reject).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'

const { server } = setupSimulatorServer()
beforeAll(() => server.listen(strictListenOptions))
afterAll(() => server.close())
const auth = { authorization: 'Bearer t' }

describe('unhandled requests in-process', () => {
  it('are left to msw for paths that are not the API', async () => {
    await expect(fetch('http://other.test/health', { headers: auth })).rejects.toThrow()
    await expect(fetch('http://other.test/debtToken/nothing/here/at/all', { headers: auth })).rejects.toThrow()
  })

  it('still answer API paths, including malformed percent-escapes (400) and valid ones', async () => {
    expect((await fetch('http://api.test/securityToken', { headers: auth })).status).toBe(200)
    const malformed = await fetch('http://api.test/debtToken/debtor/%E0%A4%A', { headers: auth })
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).message).toMatch(/percent-encoded/)
    expect((await fetch('http://api.test/users/%41bc', { headers: auth })).status).toBe(404)
  })
})

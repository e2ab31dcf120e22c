/**
 * In-process, the simulator handles only its API: other requests stay unhandled, so msw's
 * onUnhandledRequest policy applies to them (here: 'error', which makes fetch reject).
 */
import { HttpResponse, http } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'

const { server } = setupSimulatorServer()
beforeAll(() => server.listen(strictListenOptions))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
const auth = { authorization: 'Bearer t' }

describe('unhandled requests in-process', () => {
  it('are left to msw for paths that are not the API', async () => {
    await expect(fetch('http://other.test/health', { headers: auth })).rejects.toThrow()
    await expect(fetch('http://other.test/debtToken/nothing/here/at/all', { headers: auth })).rejects.toThrow()
    await expect(fetch('http://api.test/prefix/securityToken', { headers: auth })).rejects.toThrow()
  })

  it('are left to msw for API paths with a method they do not have, even with a malformed escape', async () => {
    await expect(fetch('http://api.test/securityToken', { method: 'PATCH', headers: auth })).rejects.toThrow()
    await expect(fetch('http://api.test/users/0x1', { method: 'DELETE', headers: auth })).rejects.toThrow()
    await expect(
      fetch('http://api.test/debtToken/debtor/%E0%A4%A', { method: 'DELETE', headers: auth }),
    ).rejects.toThrow()
  })

  it('still answer API paths, including malformed percent-escapes (400) and valid ones', async () => {
    expect((await fetch('http://api.test/securityToken', { headers: auth })).status).toBe(200)
    const malformed = await fetch('http://api.test/debtToken/debtor/%E0%A4%A', { headers: auth })
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).message).toMatch(/percent-encoded/)
    expect((await fetch('http://api.test/users/%41bc', { headers: auth })).status).toBe(404)
    expect((await fetch('http://api.test/SECURITYTOKEN/', { headers: auth })).status).toBe(200)
  })

  it("let a test's own handlers (server.use) answer first, and the simulator the rest", async () => {
    server.use(http.get('http://api.test/securityToken', () => HttpResponse.json([{ overridden: true }])))
    expect(await (await fetch('http://api.test/securityToken', { headers: auth })).json()).toEqual([
      { overridden: true },
    ])
    expect((await fetch('http://api.test/users/0x1', { headers: auth })).status).toBe(404)
  })
})

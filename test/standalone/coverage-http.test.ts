/**
 * API coverage on the standalone server, over real HTTP on 127.0.0.1, on both engines:
 * `GET /__sim/coverage` for the whole server and for one `X-Sim-Session`, kept across
 * `POST /__sim/reset`, emptied by `POST /__sim/coverage/reset`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CoverageReport } from '../../src/contract/coverage-report.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

describe('GET /__sim/coverage', () => {
  let running: StandaloneServer
  beforeAll(async () => {
    running = await startStandaloneServer({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => running.close())

  const send = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${running.url}${path}`, { headers: { authorization: 'Bearer t', ...headers } })
  const coverage = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${running.url}/__sim/coverage`, { headers })
    expect(response.status).toBe(200)
    return CoverageReport.parse(await response.json())
  }
  const callsOf = (report: CoverageReport, id: string) =>
    report.operations.find((operation) => operation.operationId === id)!.calls

  it('counts the whole server and one session, keeps it across a reset, and forgets it when asked', async () => {
    await send('/securityToken')
    await send('/securityToken', { 'x-sim-session': 'qa-1' })
    await send('/users/nobody', { 'x-sim-session': 'qa-1' })
    expect((await fetch(`${running.url}/__sim/reset`, { method: 'POST' })).status).toBe(200)

    const whole = await coverage()
    expect(callsOf(whole, 'listSecurityTokens')).toBe(2)
    expect(callsOf(whole, 'getUser')).toBe(1)
    expect(whole.totals).toMatchObject({ operations: { covered: 2 }, calls: 3 })
    const session = await coverage({ 'x-sim-session': 'qa-1' })
    expect(session.totals.calls).toBe(2)
    expect(
      session.operations
        .find((operation) => operation.operationId === 'getUser')!
        .responses.find((r) => r.status === 404)!.seen,
    ).toBe(1)

    const cleared = await fetch(`${running.url}/__sim/coverage/reset`, { method: 'POST' })
    expect(await cleared.json()).toEqual({ cleared: true })
    expect((await coverage()).totals.calls).toBe(0)
  })

  it('counts what a scenario rule forced apart, naming the rule, for an inline, per-session or added-rules scenario', async () => {
    await fetch(`${running.url}/__sim/coverage/reset`, { method: 'POST' })
    const control = (method: string, path: string, body: unknown, session?: string) =>
      fetch(`${running.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(session && { 'x-sim-session': session }) },
        body: JSON.stringify(body),
      })
    const notFound = { operation: 'getUser', times: 1, respond: { status: 404, message: 'gone' } }
    const down = { operation: 'listSecurityTokens', respond: { status: 503, message: 'down' } }
    const gateway = { operation: 'getUser', respond: { status: 502, message: 'bad gateway' } }
    const teapot = { operation: 'getUser', respond: { status: 418, message: 'teapot' } }
    // An inline scenario in session qa-f; one rule added to the default world (no scenario active).
    const inline = { description: 'inline', rules: [notFound, down] }
    expect((await control('PUT', '/__sim/scenario', { scenario: inline, name: 'inline-f' }, 'qa-f')).status).toBe(200)
    expect((await control('POST', '/__sim/scenario/rules', gateway, 'qa-f')).status).toBe(200)
    expect((await control('POST', '/__sim/scenario/rules', teapot)).status).toBe(200)
    for (let call = 0; call < 2; call++)
      await send('/users/0x0000000000000000000000000000000000000001', { 'x-sim-session': 'qa-f' })
    await send('/securityToken', { 'x-sim-session': 'qa-f' })
    await send('/users/0x0000000000000000000000000000000000000001')
    expect((await fetch(`${running.url}/__sim/scenario`, { method: 'DELETE' })).status).toBe(200)
    expect((await control('DELETE', '/__sim/scenario', undefined, 'qa-f')).status).toBe(200)
    await send('/users/0x0000000000000000000000000000000000000002')

    const report = await coverage()
    const getUser = report.operations.find((operation) => operation.operationId === 'getUser')!
    const notFoundRow = getUser.responses.find((response) => response.status === 404)!
    // The rule's 404 is forced, named with its scenario; the request without a scenario reached it.
    expect(notFoundRow).toMatchObject({ seen: 1, forced: [{ scenario: 'inline-f', rule: notFound, seen: 1 }] })
    expect(getUser.undeclared).toEqual([
      { status: 418, declared: false, seen: 1, causes: [{ scenario: 'added-rules', rule: teapot, seen: 1 }] },
      { status: 502, declared: false, seen: 1, causes: [{ scenario: 'inline-f', rule: gateway, seen: 1 }] },
    ])
    expect(getUser.simulator).toEqual([])
    const list = report.operations.find((operation) => operation.operationId === 'listSecurityTokens')!
    // Neither persistence nor the proxy answered here: the 503 is the rule's, not the simulator's own.
    expect(list.simulator).toEqual([])
    expect(list.undeclared).toEqual([
      { status: 503, declared: false, seen: 1, causes: [{ scenario: 'inline-f', rule: down, seen: 1 }] },
    ])
  })

  it('refuses a malformed X-Sim-Session in the documented shape', async () => {
    const response = await fetch(`${running.url}/__sim/coverage`, { headers: { 'x-sim-session': '..' } })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '400', error: 'Bad Request' })
  })
})

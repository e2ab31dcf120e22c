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

  it('refuses a malformed X-Sim-Session in the documented shape', async () => {
    const response = await fetch(`${running.url}/__sim/coverage`, { headers: { 'x-sim-session': '..' } })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '400', error: 'Bad Request' })
  })
})

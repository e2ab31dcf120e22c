/**
 * The `sim-session` cookie (docs/server-rendered.md): an API call that sends no X-Sim-Session runs
 * in the session the cookie names, checked as the header is; the header wins; the control API takes
 * the header only; a foreign page's cookie is refused as its header would be.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/index.ts'
import { simulatorSessionHeaders } from '../../src/sessions/session-header.ts'
import { samples } from '../support/samples.ts'
import { expectErrorShape } from '../support/world.ts'

const AUTH = { authorization: 'Bearer session-cookie', 'content-type': 'application/json' }

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())

const create = (headers: Record<string, string>) =>
  fetch(`${server.url}${samples.createManagerPayment.path}`, {
    method: 'POST',
    headers: { ...AUTH, ...headers },
    body: JSON.stringify(samples.createManagerPayment.body),
  })

async function paymentsIn(session: string | null): Promise<number> {
  const headers = session === null ? AUTH : { ...AUTH, 'x-sim-session': session }
  const listed = await fetch(`${server.url}${samples.listManagerPayments.path}`, { headers })
  return ((await listed.json()) as unknown[]).length
}

it("runs an API call without X-Sim-Session in the cookie's session, which the journal names", async () => {
  const shared = await paymentsIn(null)
  const created = await create({ cookie: 'theme=dark; sim-session=pw-cookie-a; other="x"' })
  expect(created.status).toBe(200)
  expect(await paymentsIn('pw-cookie-a')).toBe(shared + 1)
  expect(await paymentsIn(null)).toBe(shared)
  const quoted = await fetch(`${server.url}${samples.listManagerPayments.path}`, {
    headers: { ...AUTH, cookie: 'sim-session="pw-cookie-a"' },
  })
  expect(((await quoted.json()) as unknown[]).length).toBe(shared + 1)
  const journal = server.simulator.journal.list({ operation: 'createManagerPayment' })
  expect(journal.at(-1)?.session).toBe('pw-cookie-a')
})

it('refuses a malformed cookie session with a 400 in the documented shape', async () => {
  for (const cookie of ['sim-session=', 'sim-session=a/b', `sim-session=${'x'.repeat(65)}`, 'sim-session=..']) {
    const refused = await create({ cookie })
    const message = expectErrorShape({ status: refused.status, json: await refused.json() }, 400)
    expect(message, cookie).toMatch(/^cookie sim-session must be 1-64 characters of A-Z a-z 0-9 \. _ ~ -/)
  }
})

it('takes X-Sim-Session over the cookie, a malformed cookie included', async () => {
  const before = await paymentsIn('pw-header-b')
  expect((await create({ 'x-sim-session': 'pw-header-b', cookie: 'sim-session=pw-cookie-c' })).status).toBe(200)
  expect((await create({ 'x-sim-session': 'pw-header-b', cookie: 'sim-session=a/b' })).status).toBe(200)
  expect(await paymentsIn('pw-header-b')).toBe(before + 2)
  expect(server.simulator.sessions.list().map((session) => session.id)).not.toContain('pw-cookie-c')
})

it('leaves the control API to the header: a browser holding the cookie sees the whole server there', async () => {
  await create({ cookie: 'sim-session=pw-cookie-d' })
  const state = await fetch(`${server.url}/__sim/state?table=managerPayments&limit=0`, {
    headers: { cookie: 'sim-session=pw-cookie-d' },
  })
  const counts = ((await state.json()) as { counts: { managerPayments: number } }).counts
  expect(counts.managerPayments).toBe(server.simulator.state({ limit: 0 }).counts.managerPayments)
  const malformed = await fetch(`${server.url}/__sim/health`, { headers: { cookie: 'sim-session=a/b' } })
  expect(malformed.status).toBe(200)
})

it('refuses the cookie from a page the control API does not answer, as it refuses the header', async () => {
  const refused = await create({ cookie: 'sim-session=pw-cookie-e', origin: 'https://evil.example' })
  const message = expectErrorShape({ status: refused.status, json: await refused.json() }, 403)
  expect(message).toMatch(
    /^the sim-session cookie \(like the control API\) is not taken from the origin "https:\/\/evil\.example"/,
  )
  expect((await create({ origin: 'https://evil.example' })).status).toBe(200) // the API itself stays open
})

it("simulatorSessionHeaders forwards the cookie from an app's server as the header", async () => {
  expect(simulatorSessionHeaders('pw-x')).toEqual({ 'x-sim-session': 'pw-x' })
  expect(simulatorSessionHeaders({ get: (name) => (name === 'sim-session' ? { value: 'pw-y' } : undefined) })).toEqual({
    'x-sim-session': 'pw-y',
  })
  for (const none of [undefined, null, '', { get: () => undefined }]) expect(simulatorSessionHeaders(none)).toEqual({})
})

it("simulatorSessionHeaders reads the cookie from a loader's Request, and nothing else of its Cookie header", () => {
  const request = (cookie?: string) =>
    new Request('http://app.test/payments', cookie === undefined ? {} : { headers: { cookie } })
  expect(simulatorSessionHeaders(request('theme=dark; sim-session=pw-z; other=1'))).toEqual({ 'x-sim-session': 'pw-z' })
  expect(simulatorSessionHeaders(request('sim-session="pw-q"'))).toEqual({ 'x-sim-session': 'pw-q' })
  for (const none of [request(), request('theme=dark'), request('sim-session=')])
    expect(simulatorSessionHeaders(none)).toEqual({})
})

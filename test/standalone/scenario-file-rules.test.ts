/**
 * A file built from journal entries replays as it is built (issue 31, finding 10): it starts with
 * the rules of the scenario that answered the entries (an inline one, active in a session; rules
 * added to the shared world; or the rules given), its steps carry no session header, and the
 * caller a masked token stood for is still `{{caller}}`. Over real HTTP, then replayed against the
 * same server and in-process.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callerAddress } from '../../src/domain/caller.ts'
import type { JournalEntry } from '../../src/observability/journal.ts'
import { replayCommand } from '../../src/runtimes/cli/replay.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const TOKEN = 'qa-builder-token'
const PAYMENTS_DOWN = {
  operation: 'createManagerPayment',
  fromCall: 2,
  respond: { status: 503, message: 'Payments are down' },
}

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server?.close())
beforeEach(() => server.simulator.reset())

async function call(method: string, path: string, body?: unknown, session?: string) {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      ...(session !== undefined && { 'x-sim-session': session }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: answer.status, json: (await answer.json()) as any }
}

const journal = async (query = '') => (await call('GET', `/__sim/journal${query}`)).json.entries as JournalEntry[]

async function build(body: Record<string, unknown>) {
  return call('POST', '/__sim/scenario-file', body)
}

/** Writes the file and replays it against the server and in-process: both must be green. */
async function replaysGreen(file: unknown) {
  const path = join(temporaryDirectory('built-'), 'built.json')
  writeFileSync(path, JSON.stringify(file))
  for (const argv of [[path, '--url', server.url], [path]]) {
    const out: string[] = []
    const code = await replayCommand(argv, { out: (text) => out.push(text), err: (text) => out.push(text) })
    expect(code, out.join('\n')).toBe(0)
  }
}

describe('POST /__sim/scenario-file', () => {
  it('starts with the rules of the inline scenario that answered in a session, and replays green', async () => {
    const session = 'qa-inline'
    const activated = await call(
      'PUT',
      '/__sim/scenario',
      { name: 'payments-down', scenario: { description: 'written in the dashboard', rules: [PAYMENTS_DOWN] } },
      session,
    )
    expect(activated.status).toBe(200)
    const payment = samples.createManagerPayment.body
    expect((await call('POST', '/manager', payment, session)).status).toBe(200)
    expect((await call('POST', '/manager', payment, session)).status).toBe(503)
    const created = await call('POST', '/securityToken', samples.createSecurityToken.body, session)
    expect(created.json.managerAddress).toBe(callerAddress(TOKEN))

    const entries = await journal(`?session=${session}`)
    expect(entries.map((entry) => [entry.scenario, entry.caller])).toEqual([
      ['payments-down', callerAddress(TOKEN)],
      ['payments-down', null], // answered by the rule, before the Bearer check
      ['payments-down', callerAddress(TOKEN)],
    ])
    const { status, json: file } = await build({ exchanges: entries })
    expect(status).toBe(200)
    expect(file.rules).toEqual([PAYMENTS_DOWN])
    expect(file.steps.map((step: any) => step.request.headers)).toEqual([
      { authorization: 'Bearer ***', 'content-type': 'application/json' },
      { authorization: 'Bearer ***', 'content-type': 'application/json' },
      { authorization: 'Bearer ***', 'content-type': 'application/json' },
    ])
    expect(file.steps[1].expect).toMatchObject({ status: 503, body: { message: 'Payments are down' } })
    expect(file.steps[2].expect.body.managerAddress).toBe('{{caller}}')
    expect(JSON.stringify(file)).not.toContain(TOKEN)
    await replaysGreen(file)
  })

  it('starts with the rules added to the shared world (added-rules), and with the rules given instead', async () => {
    expect((await call('POST', '/__sim/scenario/rules', PAYMENTS_DOWN)).status).toBe(200)
    for (let i = 0; i < 2; i++) await call('POST', '/manager', samples.createManagerPayment.body)
    const entries = await journal()
    const inferred = await build({ exchanges: entries })
    expect(inferred.json.rules).toEqual([PAYMENTS_DOWN])
    await replaysGreen(inferred.json)

    const given = await build({ exchanges: entries, rules: [{ ...PAYMENTS_DOWN, fromCall: 1 }] })
    expect(given.json.rules).toEqual([{ ...PAYMENTS_DOWN, fromCall: 1 }])
    const wrong = await build({ exchanges: entries, rules: [{ operation: 'createManagerPayment' }] })
    expect(wrong.status).toBe(400)
    expect(wrong.json.message).toMatch(
      /^body: rules\[0\]: a rule needs at least one of delayMs, respond or networkError/,
    )
  })

  it('says so in its notes, and starts with no rules, when the entries were answered under several scenarios', async () => {
    await call('PUT', '/__sim/scenario', { name: 'slow-backend' }, 'qa-a')
    await call('PUT', '/__sim/scenario', { name: 'empty-world' }, 'qa-b')
    await call('GET', '/securityToken', undefined, 'qa-a')
    await call('GET', '/securityToken', undefined, 'qa-b')
    const { json: file } = await build({ exchanges: await journal() })
    expect(file.rules).toEqual([])
    expect(file.notes).toEqual([
      'the exchanges were answered under several scenarios (slow-backend, empty-world): the file starts with none of their rules; build one file per scenario, or name one with rulesFrom',
    ])
  })
})

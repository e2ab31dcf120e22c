/**
 * Writing scenarios through the control API, over real HTTP on 127.0.0.1: a rule added to the
 * active scenario (or to none) applies from the next request with the other rules' counters and
 * the data kept; a bad rule or scenario is refused with the message its file would get; the
 * scenario schema is served for a downloaded file's `$schema`.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { MAX_RULES_FOR_ADDING } from '../../src/scenarios/scenario-activation.ts'
import { parseScenario, ScenarioError } from '../../src/scenarios/scenario-schema.ts'
import { expectErrorShape } from '../support/world.ts'

let running: StandaloneServer
beforeAll(async () => {
  running = await startStandaloneServer({ port: 0, logSink: () => {} })
})
afterAll(() => running.close())
beforeEach(() => running.simulator.reset())

async function call(method: string, path: string, options: { body?: unknown; session?: string } = {}) {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: {
      authorization: 'Bearer authoring-test',
      'content-type': 'application/json',
      ...(options.session !== undefined && { 'x-sim-session': options.session }),
    },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  })
  return { status: response.status, json: (await response.json()) as any }
}

const from2ndCall503 = {
  operation: 'listSecurityTokens',
  fromCall: 2,
  respond: { status: 503, message: 'node down' },
}

/** The message a scenario file holding `rules` gets at load, without its source. */
function fileMessage(rules: unknown[]): string {
  try {
    parseScenario({ description: 'a file', rules }, 'FILE')
  } catch (error) {
    if (error instanceof ScenarioError) return error.message.replaceAll('FILE: ', '')
  }
  throw new Error('the rules were valid')
}

describe('POST /__sim/scenario/rules', () => {
  it('with no scenario active, activates "added-rules" holding the rule, which applies from the next request', async () => {
    const added = await call('POST', '/__sim/scenario/rules', { body: from2ndCall503 })
    expect(added.status).toBe(200)
    expect(added.json.active).toBe('added-rules')
    expect((await call('GET', '/securityToken')).status).toBe(200)
    const second = await call('GET', '/securityToken')
    expect(second).toEqual({
      status: 503,
      json: { statusCode: '503', error: 'Service Unavailable', message: 'node down' },
    })
  })

  it("adds the rule after the active scenario's, whose counters and data stay", async () => {
    const scenario = {
      description: 'counts token lists, on an empty world',
      world: { fixtures: 'empty' },
      rules: [{ operation: 'listSecurityTokens', delayMs: 0 }],
    }
    await call('PUT', '/__sim/scenario', { body: { scenario, name: 'counting' } })
    await call('POST', '/__sim/factories/users', { body: { count: 2 } })
    await call('GET', '/securityToken')
    const added = await call('POST', '/__sim/scenario/rules', { body: from2ndCall503 })
    expect(added.json.active).toBe('counting')
    expect(added.json.status.rules).toEqual([
      { operation: 'listSecurityTokens', calls: 1, fired: 1 },
      { operation: 'listSecurityTokens', calls: 0, fired: 0 },
    ])
    expect((await call('GET', '/__sim/state?table=users')).json.counts.users).toBe(2)
    // The first rule fires first (it has no condition); the added one still counts the calls.
    await call('GET', '/securityToken')
    expect((await call('GET', '/__sim/scenario')).json.status.rules).toEqual([
      { operation: 'listSecurityTokens', calls: 2, fired: 2 },
      { operation: 'listSecurityTokens', calls: 1, fired: 0 },
    ])
  })

  it('acts on the session X-Sim-Session names only', async () => {
    await call('POST', '/__sim/scenario/rules', { body: from2ndCall503, session: 'qa-1' })
    expect((await call('GET', '/__sim/scenario', { session: 'qa-1' })).json.active).toBe('added-rules')
    expect((await call('GET', '/__sim/scenario')).json.active).toBeNull()
  })

  it('refuses a bad rule with the message a scenario file gets, and changes nothing', async () => {
    await call('PUT', '/__sim/scenario', { body: { name: 'flaky-backend' } })
    const bad = { operation: 'createManagerPayment', fromCall: 0, respond: { status: 200, message: '' } }
    const refused = await call('POST', '/__sim/scenario/rules', { body: bad })
    const message = expectErrorShape(refused, 400)
    // flaky-backend has one rule: the new one is rules[1], as it would be in the file.
    const file = JSON.parse(readFileSync('scenarios/flaky-backend.json', 'utf8'))
    expect(message).toBe(
      `scenario "flaky-backend": ${fileMessage([...file.rules, bad])
        .split('\n')
        .join('; scenario "flaky-backend": ')}`,
    )
    expect(message).toContain('rules[1].respond.status: must be an HTTP error status')
    expect((await call('GET', '/__sim/scenario')).json.status.rules).toHaveLength(1)
  })

  it(`refuses a rule once the scenario holds ${MAX_RULES_FOR_ADDING}, which every request would try`, async () => {
    const rules = Array.from({ length: MAX_RULES_FOR_ADDING }, () => ({ operation: 'getUser', delayMs: 0 }))
    await call('PUT', '/__sim/scenario', { body: { scenario: { description: 'full', rules }, name: 'full' } })
    const refused = await call('POST', '/__sim/scenario/rules', { body: from2ndCall503 })
    expect(expectErrorShape(refused, 400)).toBe(
      `scenario "full": rules: holds ${MAX_RULES_FOR_ADDING} rules, the most one is added to (${MAX_RULES_FOR_ADDING}): write a scenario file instead`,
    )
    expect((await call('GET', '/__sim/scenario')).json.status.rules).toHaveLength(MAX_RULES_FOR_ADDING)
  })

  it('refuses a body that is not an object in the documented shape', async () => {
    expect(expectErrorShape(await call('POST', '/__sim/scenario/rules', { body: [1] }), 400)).toMatch(/^body /)
  })
})

describe('POST /__sim/scenario/check', () => {
  it('answers a valid scenario in words and activates nothing', async () => {
    const checked = await call('POST', '/__sim/scenario/check', {
      body: { name: 'my-draft', scenario: { description: 'a draft', rules: [from2ndCall503] } },
    })
    expect(checked).toEqual({
      status: 200,
      json: {
        name: 'my-draft',
        description: 'a draft',
        world: null,
        rules: [{ operation: 'listSecurityTokens', description: null, outcome: '503 node down, from the 2nd call on' }],
        steps: 0,
      },
    })
    expect((await call('GET', '/__sim/scenario')).json.active).toBeNull()
  })

  it("refuses a bad scenario or name with a file's messages", async () => {
    const bad = { operation: 'nope', delayMs: 1 }
    const refused = await call('POST', '/__sim/scenario/check', {
      body: { name: 'my-draft', scenario: { description: 'a draft', rules: [bad] } },
    })
    expect(expectErrorShape(refused, 400)).toBe(`scenario "my-draft": ${fileMessage([bad])}`)
    const badName = await call('POST', '/__sim/scenario/check', {
      body: { name: 'my draft', scenario: { description: 'a draft', rules: [] } },
    })
    // The body's own schema names the rule, as every control body does (the document says it too).
    expect(expectErrorShape(badName, 400)).toMatch(/^body\.name: a scenario name is 1-64 letters/)
  })
})

describe('GET /__sim/scenario.schema.json', () => {
  it("answers the package's scenario schema", async () => {
    const served = await call('GET', '/__sim/scenario.schema.json')
    expect(served.status).toBe(200)
    expect(served.json).toEqual(JSON.parse(readFileSync('scenarios/scenario.schema.json', 'utf8')))
  })
})

/**
 * Messages in one voice (issue "Hardening"): every refusal names the field, says what was
 * expected and what was given, bounded, with no validator wording, on API routes, in scenarios
 * and in fixture files. And created payments read back like seeded ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultFixtures } from '../../src/model/default-fixtures.ts'
import { parseWorld } from '../../src/model/world.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { parseScenario } from '../../src/scenarios/scenario-schema.ts'
import { samples } from '../support/samples.ts'
import { fixtures } from '../support/world.ts'

const VALIDATOR_WORDING = /Invalid input|Too small|Too big|expected number to be|received|Invalid option/

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())

async function message(method: string, path: string, body: string): Promise<string> {
  const reply = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    body,
  })
  expect(reply.status).toBe(400)
  return ((await reply.json()) as { message: string }).message
}

describe('API refusals', () => {
  const investor = samples.createInvestorPayment.body as Record<string, unknown>
  it('say what was expected and what was given, without validator wording', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...investor, amount: -1 }, 'body.amount must be a number ≥ 0, got -1'],
      [{ ...investor, amount: 'ten' }, 'body.amount must be a number, got "ten"'],
      [{ ...investor, serie: 'JUNIOR' }, 'body.serie must be one of SENIOR, MEZANINO, SUBORDINADA, got "JUNIOR"'],
      [
        { ...investor, investorAddress: `0x${'z'.repeat(5000)}` },
        'body.investorAddress must be an ADDRESS (0x followed by 40 hexadecimal characters), got "0xzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…"',
      ],
    ]
    for (const [body, expected] of cases) {
      const text = await message('POST', '/investor', JSON.stringify(body))
      expect(text).toBe(expected)
      expect(text).not.toMatch(VALIDATOR_WORDING)
    }
    const infinite = await message(
      'POST',
      '/investor',
      JSON.stringify(investor).replace(/"amount":\d+/, '"amount":1e309'),
    )
    expect(infinite).toBe('body.amount must be a finite number, got Infinity')
    const update = await message(
      'PUT',
      `/securityToken/${fixtures.securityTokens[0]!.contractAddress}`,
      JSON.stringify({ investmentAmount: 0, symbol: '' }),
    )
    expect(update).toBe(
      'body.symbol must be at least 1 character, got ""; body.investmentAmount must be more than 0, got 0',
    )
    expect(update).not.toMatch(VALIDATOR_WORDING)
  })
})

describe('scenario and fixture mistakes', () => {
  it('are worded alike, naming the file and field', () => {
    expect(() => parseScenario({ description: 'x', rules: [{ operation: '*', delayMs: 'soon' }] }, 'my.json')).toThrow(
      'my.json: rules[0].delayMs: must be a whole number of milliseconds from 0 to',
    )
    expect(() =>
      parseScenario({ description: 'x', rules: [{ operation: '*', every: 0, delayMs: 1 }] }, 'my.json'),
    ).toThrow('my.json: rules[0].every: must be at least 1, got 0')
    const files = structuredClone(defaultFixtures) as Record<string, any>
    files['debt-tokens.json'][3].parcels[0].amount = 'abc'
    expect(() => parseWorld(files)).toThrow(
      'fixtures/debt-tokens.json: [3].parcels[0].amount: must be a number, got "abc"',
    )
  })
})

it('answers a created payment with the key order and date format of seeded ones', async () => {
  const body = samples.createManagerPayment.body as { managerAddress: string; tokenAddress: string }
  const { managerAddress, tokenAddress } = body
  const created = await fetch(`${server.url}/manager`, {
    method: 'POST',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    body: JSON.stringify({
      managerAddress,
      tokenAddress,
      hash: `0x${'ab'.repeat(32)}`,
      status: 'PAID',
      amount: 10,
      serie: 'SENIOR',
      type: 'JUROS',
    }),
  })
  expect(created.status).toBe(200)
  const list = (await (
    await fetch(`${server.url}/manager/${managerAddress}/${tokenAddress}`, { headers: { authorization: 'Bearer t' } })
  ).json()) as Record<string, unknown>[]
  const seeded = list[0]!
  const mine = list.at(-1)!
  expect(Object.keys(mine)).toEqual(Object.keys(seeded))
  expect(mine.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  expect(seeded.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
})

/**
 * List answers over a generated world (`--size n`): seeded records are built on first read and
 * presented like any other, so a list that mixes them with records a client wrote answers exactly
 * what the records alone would, in seed order and then write order.
 */
import { describe, expect, it } from 'vitest'
import type { SimRequest } from '../../src/http/sim-request.ts'
import { DEFAULT_NOW } from '../../src/model/clock.ts'
import { presentDebtToken } from '../../src/resolvers/presenters.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'

const now = new Date(DEFAULT_NOW)

describe('lists over a generated world', () => {
  const AUTH = 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'
  function request(method: string, path: string, body?: unknown): SimRequest {
    return {
      method,
      path,
      query: new URLSearchParams(),
      header: (name) => (name === 'authorization' ? AUTH : name === 'content-type' ? 'application/json' : null),
      text: async () => (body === undefined ? '' : JSON.stringify(body)),
    }
  }

  it('answer lists that mix seeded and written records as the records alone would', async () => {
    const simulator = createSimulator({ size: 300 })
    const tokens = simulator.host.world.tables.debtTokens
    const debtor = tokens.record(4).debtorAddress
    const expected = () =>
      tokens.records.filter((token) => token.debtorAddress === debtor).map((token) => presentDebtToken(token, now))
    const before = await simulator.host.handle(request('GET', `/debtToken/debtor/${debtor}`))
    expect(before.body).toBe(JSON.stringify(expected()))

    // A signed loan adds a written token for the same debtor after the seeded ones.
    const created = await simulator.host.handle(
      request('POST', '/debtToken/signature-contract', {
        creditorWalletAddress: tokens.record(0).creditorAddress,
        debtorWalletAddress: debtor,
        debtTotalValue: '1000.00',
        installments: '3',
        firstInstallmentDueDate: '2026-04-01',
        paymentFrequency: 'monthly',
        monthlyInterests: '1.0',
      }),
    )
    expect(created.status).toBe(200)
    const after = JSON.parse((await simulator.host.handle(request('GET', `/debtToken/debtor/${debtor}`))).body!) as {
      address: string
    }[]
    expect(after.slice(0, -1)).toEqual(JSON.parse(JSON.stringify(expected())))
    expect(after.at(-1)!.address).not.toBe(expected().at(-1)!.address)
    expect(after).toHaveLength(expected().length + 1)
  })
})

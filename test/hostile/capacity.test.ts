/**
 * Bounded storage (issue "Hardening"): a world and each session hold a documented number of
 * written records; a create beyond it answers 507 naming the table and how to free room, and
 * stores nothing; a list too long to answer quickly is refused in the documented shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SimRequest } from '../../src/http/sim-request.ts'
import { DEFAULT_MAX_RECORDS } from '../../src/model/model.ts'
import { MAX_LIST_ITEMS } from '../../src/pipeline/operation-steps.ts'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { samples } from '../support/samples.ts'

const payment = samples.createManagerPayment.body as { managerAddress: string; tokenAddress: string }

describe('the capacity of written records', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, maxRecords: 5 })
  })
  afterAll(() => server.close())

  const post = (headers: Record<string, string> = {}) =>
    fetch(`${server.url}/manager`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payment),
    })
  const listed = async (headers: Record<string, string> = {}) =>
    (
      (await (
        await fetch(`${server.url}/manager/${payment.managerAddress}/${payment.tokenAddress}`, {
          headers: { authorization: 'Bearer t', ...headers },
        })
      ).json()) as unknown[]
    ).length

  it('answers 507 beyond it, naming the table and how to free room, and stores nothing', async () => {
    const seeded = await listed()
    for (let i = 0; i < 5; i++) expect((await post()).status).toBe(200)
    const refused = await post()
    expect(refused.status).toBe(507)
    const body = (await refused.json()) as { statusCode: string; error: string; message: string }
    expect(body).toMatchObject({ statusCode: '507', error: 'Insufficient Storage' })
    expect(body.message).toContain('managerPayments')
    expect(body.message).toContain('POST /__sim/reset')
    expect(await listed()).toBe(seeded + 5)
    // Updates of what exists still work; a reset frees room.
    expect(
      (await fetch(`${server.url}/__sim/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(200)
    expect((await post()).status).toBe(200)
  })

  it('is per session: a full session does not stop another one, nor the world', async () => {
    for (let i = 0; i < 5; i++) expect((await post({ 'x-sim-session': 'full' })).status).toBe(200)
    expect((await post({ 'x-sim-session': 'full' })).status).toBe(507)
    expect((await post({ 'x-sim-session': 'other' })).status).toBe(200)
    expect((await post()).status).toBe(200)
  })

  it('is documented, and set by --max-records', () => {
    expect(DEFAULT_MAX_RECORDS).toBe(10_000)
    expect(parseArgs(['--max-records', '250'])).toMatchObject({ options: { maxRecords: 250 } })
    expect(parseArgs(['--max-records', '-1'])).toMatchObject({ kind: 'error' })
  })
})

it(`refuses a list of more than ${MAX_LIST_ITEMS} records in the documented shape, instead of blocking every client`, async () => {
  const simulator = createSimulatorCore({ maxRecords: MAX_LIST_ITEMS + 10 })
  const request = (method: string, path: string, body = ''): SimRequest => ({
    method,
    path,
    query: new URLSearchParams(),
    header: (name) => (name === 'authorization' ? 'Bearer t' : name === 'content-type' ? 'application/json' : null),
    text: async () => body,
  })
  const body = JSON.stringify(payment)
  for (let i = 0; i <= MAX_LIST_ITEMS; i++)
    expect((await simulator.host.handle(request('POST', '/manager', body))).status).toBe(200)
  const reply = await simulator.host.handle(
    request('GET', `/manager/${payment.managerAddress}/${payment.tokenAddress}`),
  )
  expect(reply.status).toBe(422)
  expect(JSON.parse(reply.body!)).toMatchObject({
    statusCode: '422',
    error: 'Unprocessable Entity',
    message: expect.stringContaining(`more than the ${MAX_LIST_ITEMS}`),
  })
}, 60_000)

it('weighs a debt token by its parcels, so large contracts cannot exhaust the memory either', async () => {
  const simulator = createSimulatorCore({ maxRecords: 1300 })
  const request = (body: string): SimRequest => ({
    method: 'POST',
    path: '/debtToken/signature-contract',
    query: new URLSearchParams(),
    header: (name) => (name === 'authorization' ? 'Bearer t' : name === 'content-type' ? 'application/json' : null),
    text: async () => body,
  })
  const contract = JSON.stringify({
    creditorWalletAddress: '0x1111111111111111111111111111111111111111',
    debtorWalletAddress: '0x2222222222222222222222222222222222222222',
    debtTotalValue: '1000.00',
    installments: '600',
    firstInstallmentDueDate: '2026-04-01',
  })
  // Each weighs 1 (contract) + 1 (token) + 600 (parcels) = 602: two fit in 1,300, a third does not.
  const statuses = []
  for (let i = 0; i < 3; i++) statuses.push((await simulator.host.handle(request(contract))).status)
  expect(statuses).toEqual([200, 200, 507])
  expect(simulator.model.writtenCount()).toBe(1204)
})
